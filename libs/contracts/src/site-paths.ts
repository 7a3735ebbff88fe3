/**
 * The SPA's own routes, shared by the web app (its router and links) and the gateway (which answers
 * HTTP 404 for a path that is none of them, and lists the public ones in sitemap.xml). Patterns with `:params` go
 * through `generatePath` when linked to; a trailing `?` makes the parameter optional.
 */
export const sitePaths = {
  home: '/',
  login: '/login',
  loginGoogle: '/login/google',
  signup: '/cadastro',
  forgotPassword: '/esqueci-minha-senha',
  // Optional, so that a link cut short still reaches its screen's rule (no token → /logout).
  createNewPassword: '/criar-nova-senha/:recoveryToken?',
  createNewPasswordSuccess: '/criar-nova-senha-sucesso',
  // Optional, so that a link cut short shows 'Código de ativação não fornecido...'.
  activate: '/ativar/:activationCode?',
  // The sign-in link emailed to an owner whose account is under a password-guessing attack.
  signInLink: '/entrar/:signInCode?',
  // The public gabarito of a bought page (the QR code on the printed sheet).
  answers: '/gabarito/:code',
  // Legal and trust pages (public): privacy policy (LGPD), terms of use, support channels.
  privacy: '/privacidade',
  terms: '/termos',
  support: '/suporte',
  logout: '/logout',
  paymentSuccess: '/pagamento-sucesso',
  exercises: '/exercicios-aritmetica',
  myPurchases: '/minhas-compras',
  // The member's statement (extrato): top-ups, purchases and reversals with a running balance.
  statement: '/extrato',
  myData: '/meus-dados',
  changePassword: '/alterar-senha',
  addBalance: '/adicionar-saldo',
  // "Minhas turmas": the member's classes and their children's names.
  turmas: '/turmas',
  // "Correção rápida": typing the children's answers of a bought page or class set (its code).
  correction: '/corrigir/:code',
  // The correction's "Relatório da turma": each mistake across the children, each child's score, printable.
  correctionReport: '/relatorio/:code',
  admin: '/admin',
  adminStats: '/admin/estatisticas',
  adminUsers: '/admin/usuarios',
  adminEmails: '/admin/emails',
  adminChangePassword: '/admin/changePassword',
  adminLogs: '/admin/logs',
} as const;

export type SitePath = (typeof sitePaths)[keyof typeof sitePaths];

/**
 * The emailed links, whose last segment is a secret (an activation code, a recovery token, a sign-in code): never
 * written to a log whole (the kit's `redactUrl`: `/entrar/<code>` was once found whole in the gateway's request log).
 */
export const emailedLinkPaths: readonly SitePath[] = [
  sitePaths.activate,
  sitePaths.createNewPassword,
  sitePaths.signInLink,
];

/** The public pages a search engine may list (sitemap.xml); everything else is behind a sign-in or a one-off link. */
export const publicSitePaths: readonly SitePath[] = [
  sitePaths.home,
  sitePaths.login,
  sitePaths.signup,
  sitePaths.privacy,
  sitePaths.terms,
  sitePaths.support,
];

function patternToRegExp(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
  return parts.length ? new RegExp(`^${parts.join('')}/?$`) : /^\/$/;
}

const sitePatterns = Object.values(sitePaths).map(patternToRegExp);

/** Whether a pathname (no query) is one of the SPA's routes; the gateway answers 404 for any other. */
export function isSitePath(pathname: string): boolean {
  return sitePatterns.some((re) => re.test(pathname));
}
