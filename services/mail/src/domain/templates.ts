import escapeHtml from 'escape-html';
import { z } from 'zod';
import type { MailTemplate } from '@app/contracts';

export const PRODUCT_NAME = 'Exercícios de Matemática';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What each template needs in the job's `data` (checked before anything is sent). */
const TemplateData = {
  activation: z.object({ fullname: z.string().min(1), code: z.string().min(1) }),
  recovery: z.object({ fullname: z.string().min(1), token: z.string().min(1) }),
  'admin-new-user': z.object({
    fullname: z.string().min(1),
    email: z.string().min(1),
    fromGoogle: z.enum(['true', 'false']),
  }),
  test: z.object({}),
  'topup-credited': z.object({
    fullname: z.string().min(1),
    amount: z.string().min(1),
    balance: z.string().min(1),
  }),
  'topup-reversed': z.object({
    fullname: z.string().min(1),
    amount: z.string().min(1),
    balance: z.string().min(1),
    reason: z.enum(['refund', 'chargeback']),
  }),
  'sign-in-alert': z.object({ fullname: z.string().min(1), failures: z.string().regex(/^\d+$/) }),
  'sign-up-existing': z.object({ fullname: z.string().min(1) }),
  'password-setup': z.object({ fullname: z.string().min(1), token: z.string().min(1) }),
  'sign-in-link': z.object({ fullname: z.string().min(1), code: z.string().min(1) }),
} satisfies Record<MailTemplate, z.ZodType>;

export class InvalidMailData extends Error {}

/** The pt-BR emails (clean HTML plus a plain-text part); links point at the site's PUBLIC_URL. */
export function renderMail(
  template: MailTemplate,
  data: Record<string, string>,
  publicUrl: string,
): RenderedMail {
  const link = (path: string) => new URL(path, publicUrl).toString();
  switch (template) {
    case 'activation': {
      const d = parse(template, data);
      const url = link(`/ativar/${encodeURIComponent(d.code)}`);
      return layout({
        subject: `Ative sua conta — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          `Obrigado por se cadastrar no ${PRODUCT_NAME}.`,
          'Para ativar sua conta, clique no botão abaixo. O link vale por 7 dias.',
        ],
        action: { label: 'Ativar minha conta', url },
        footnote: 'Se você não fez este cadastro, ignore este email.',
      });
    }
    case 'recovery': {
      const d = parse(template, data);
      const url = link(`/criar-nova-senha/${encodeURIComponent(d.token)}`);
      return layout({
        subject: `Recuperação de senha — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          'Recebemos um pedido para criar uma nova senha para a sua conta.',
          'Clique no botão abaixo para escolher a nova senha. O link vale por 1 hora e pode ser usado uma única vez.',
        ],
        action: { label: 'Criar nova senha', url },
        footnote: 'Se você não pediu a recuperação de senha, ignore este email: sua senha continua a mesma.',
      });
    }
    case 'admin-new-user': {
      const d = parse(template, data);
      return layout({
        subject: `Novo cadastro: ${d.fullname}`,
        greeting: 'Olá!',
        paragraphs: [
          'Um novo usuário se cadastrou no site.',
          `Nome: ${d.fullname}`,
          `Email: ${d.email}`,
          `Cadastro pelo Google: ${d.fromGoogle === 'true' ? 'Sim' : 'Não'}`,
        ],
        action: { label: 'Ver usuários', url: link('/admin/usuarios') },
        footnote:
          'Você recebe este aviso porque a opção "Enviar email quando algum usuário se registrar" está ligada.',
      });
    }
    case 'topup-credited': {
      const d = parse(template, data);
      return layout({
        subject: `Saldo adicionado: ${d.amount} — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          `Recebemos o seu pagamento pelo Mercado Pago e adicionamos ${d.amount} ao seu saldo.`,
          `Seu saldo agora é ${d.balance}.`,
        ],
        action: { label: 'Criar exercícios', url: link('/') },
        footnote: 'Você recebe este email porque adicionou saldo à sua conta.',
      });
    }
    case 'topup-reversed': {
      const d = parse(template, data);
      const what = d.reason === 'chargeback' ? 'foi contestado junto ao banco (chargeback)' : 'foi estornado';
      return layout({
        subject: `Estorno de saldo: ${d.amount} — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          `Um pagamento seu pelo Mercado Pago ${what}, e por isso retiramos ${d.amount} do seu saldo.`,
          `Seu saldo agora é ${d.balance}.`,
          // The minus sign (U+2212) formatCents writes; a job queued before it still says Intl's hyphen.
          ...(/^[\u2212-]/.test(d.balance)
            ? ['Com o saldo negativo, novas compras ficam bloqueadas até que uma recarga o cubra.']
            : []),
        ],
        action: { label: 'Adicionar saldo', url: link('/adicionar-saldo') },
        footnote: 'Se você não reconhece este estorno, responda a este email.',
      });
    }
    case 'sign-in-alert': {
      const d = parse(template, data);
      return layout({
        subject: `Tentativas de entrar na sua conta — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          `Na última hora, houve ${d.failures} tentativas de entrar na sua conta com uma senha errada.`,
          'Se foi você, não precisa fazer nada: você continua podendo entrar normalmente.',
          'Se não foi você, recomendamos criar uma nova senha agora, pelo botão abaixo.',
        ],
        action: { label: 'Criar nova senha', url: link('/esqueci-minha-senha') },
        footnote:
          'Você recebe este aviso no máximo uma vez por hora, quando sua conta tem muitas tentativas de acesso erradas.',
      });
    }
    case 'sign-up-existing': {
      const d = parse(template, data);
      return layout({
        subject: `Tentativa de cadastro com o seu email — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          'Alguém tentou criar uma conta no site com o seu endereço de email. Como você já tem uma conta, nada foi criado e nada mudou nela.',
          'Se foi você, é só entrar com a sua conta pelo botão abaixo.',
          `Se esqueceu a senha, crie uma nova em: ${link('/esqueci-minha-senha')}`,
        ],
        action: { label: 'Entrar', url: link('/login') },
        footnote: 'Se não foi você, ignore este email: sua conta continua protegida.',
      });
    }
    case 'password-setup': {
      const d = parse(template, data);
      return layout({
        subject: `Crie uma senha para a sua conta — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          'Você pediu, em Alterar Senha, para criar uma senha para a sua conta, que hoje entra com o Google.',
          'Clique no botão abaixo para escolher a senha. O link vale por 1 hora e pode ser usado uma única vez. Depois, você poderá entrar com o seu email e essa senha, ou continuar entrando com o Google.',
        ],
        action: { label: 'Criar minha senha', url: link(`/criar-nova-senha/${encodeURIComponent(d.token)}`) },
        footnote: 'Se não foi você quem pediu, ignore este email: nenhuma senha será criada.',
      });
    }
    case 'sign-in-link': {
      const d = parse(template, data);
      return layout({
        subject: `Link para entrar na sua conta — ${PRODUCT_NAME}`,
        greeting: `Olá, ${d.fullname}!`,
        paragraphs: [
          'Sua conta recebeu muitas tentativas de entrar com uma senha errada, e por segurança a senha deixou de ser aceita por algum tempo em aparelhos novos.',
          'Se foi você quem tentou entrar agora, use o botão abaixo: ele entra na sua conta sem senha. O link vale por 15 minutos e pode ser usado uma única vez.',
          'Se não foi você, ninguém entrou: recomendamos criar uma nova senha em "Esqueci minha senha".',
        ],
        action: { label: 'Entrar na minha conta', url: link(`/entrar/${encodeURIComponent(d.code)}`) },
        footnote: 'Não encaminhe este email: o link dá acesso à sua conta.',
      });
    }
    case 'test':
      parse(template, data);
      return layout({
        subject: `Email de teste — ${PRODUCT_NAME}`,
        greeting: 'Olá!',
        paragraphs: [
          'Este é um email de teste.',
          'Se você o recebeu, o envio de emails do site está funcionando.',
        ],
        footnote: 'Enviado a partir da área administrativa.',
      });
  }
}

function parse<T extends MailTemplate>(
  template: T,
  data: Record<string, string>,
): z.infer<(typeof TemplateData)[T]> {
  const parsed = TemplateData[template].safeParse(data);
  if (!parsed.success) throw new InvalidMailData(`invalid data for the ${template} template`);
  return parsed.data as z.infer<(typeof TemplateData)[T]>;
}

interface Content {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
}

function layout(c: Content): RenderedMail {
  const e = escapeHtml;
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${e(c.action.url)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${e(c.action.label)}</a></p>
<p style="font-size:13px;color:#555555">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${e(c.action.url)}" style="color:#2563eb;word-break:break-all">${e(c.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${e(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222222">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${e(PRODUCT_NAME)}</h1>
<p>${e(c.greeting)}</p>
${c.paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#777777;margin-top:28px">${e(c.footnote)}</p>
</div></body></html>`;
  const text = [
    c.greeting,
    '',
    ...c.paragraphs,
    ...(c.action ? ['', `${c.action.label}: ${c.action.url}`] : []),
    '',
    c.footnote,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  return { subject: c.subject, html, text };
}
