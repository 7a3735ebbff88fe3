/** The SPA's own routes (spec §2). Patterns with `:params` go through `generatePath` when linked to. */
export const paths = {
  home: '/',
  login: '/login',
  loginGoogle: '/login/google',
  signup: '/cadastro',
  forgotPassword: '/esqueci-minha-senha',
  // Optional, so that a link cut short still reaches its screen's rule (spec §8: no token → /logout).
  createNewPassword: '/criar-nova-senha/:recoveryToken?',
  createNewPasswordSuccess: '/criar-nova-senha-sucesso',
  // Optional, so that a link cut short shows 'Código de ativação não fornecido...' (spec §8).
  activate: '/ativar/:activationCode?',
  // The public gabarito of a bought page (the QR code on the printed sheet).
  answers: '/gabarito/:code',
  logout: '/logout',
  paymentSuccess: '/pagamento-sucesso',
  exercises: '/exercicios-aritmetica',
  myPurchases: '/minhas-compras',
  myData: '/meus-dados',
  changePassword: '/alterar-senha',
  addBalance: '/adicionar-saldo',
  admin: '/admin',
  adminStats: '/admin/estatisticas',
  adminUsers: '/admin/usuarios',
  adminEmails: '/admin/emails',
  adminChangePassword: '/admin/changePassword',
  adminLogs: '/admin/logs',
} as const;
