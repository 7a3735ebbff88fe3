import { describe, expect, it } from 'vitest';
import { Msg } from '../../src/index.js';

/** The account screens' pt-BR texts, word for word (the e2e specs find them on the screens through these same entries). */
describe("the account screens' messages", () => {
  it('Extrato: a pending top-up', () => {
    expect(Msg.statementPendingTopUp).toBe('Recarga via Mercado Pago (aguardando confirmação)');
    expect(Msg.statementPending).toBe('Pendente');
    expect(Msg.statementPendingHint).toBe(
      'Recargas pendentes (Pix ou boleto ainda não confirmados) entram no saldo assim que o Mercado Pago confirmar.',
    );
  });

  it('a negative balance says what was reversed and what a top-up covers', () => {
    expect(Msg.balanceNegativeExplained('refund', 'R$ 5,00', 'R$ 0,50')).toBe(
      'Seu saldo ficou negativo porque um estorno de R$ 5,00 foi descontado depois que o saldo já tinha sido usado. A próxima recarga cobre primeiro estes R$ 0,50.',
    );
    expect(Msg.balanceNegativeExplained('chargeback', 'R$ 7,00', 'R$ 2,00')).toContain(
      'uma contestação (chargeback) de R$ 7,00',
    );
    expect(Msg.balanceNegativeUnexplained('R$ 0,50')).toBe(
      'Seu saldo está negativo em R$ 0,50. A próxima recarga cobre primeiro este valor.',
    );
    expect(Msg.balanceNegativeToBuy('refund', 'R$ 5,00', 'R$ 0,50', 'R$ 1,00')).toBe(
      'Seu saldo está negativo em R$ 0,50 por causa de um estorno de R$ 5,00. Para comprar esta página, a recarga precisa cobrir R$ 1,00.',
    );
    expect(Msg.balanceNegativeToBuy(null, null, 'R$ 0,50', 'R$ 1,00')).toBe(
      'Seu saldo está negativo em R$ 0,50. Para comprar esta página, a recarga precisa cobrir R$ 1,00.',
    );
  });

  it('a return link opened again', () => {
    expect(Msg.paymentOutcomeAlreadyAdded('R$ 10,00')).toBe(
      'Este pagamento de R$ 10,00 já foi adicionado ao seu saldo. Nada mais foi adicionado agora.',
    );
  });

  it('the way back in: a fresh activation link, a Google account’s password', () => {
    expect(Msg.resendActivationButton).toBe('Reenviar e-mail de ativação');
    expect(Msg.resendActivationSent).toBe(
      'Se houver uma conta não ativada com este email, enviamos um novo link de ativação. Verifique sua caixa de entrada e a pasta de spam.',
    );
    expect(Msg.resendActivationFailed).toBe(
      'Não foi possível reenviar o email de ativação agora. Tente novamente em instantes.',
    );
    expect(Msg.passwordSetupIntro('g@exemplo.com')).toBe(
      'Sua conta entra com o Google e ainda não tem senha. Você pode continuar entrando com o Google, ou criar uma senha para entrar também com g@exemplo.com e senha: enviaremos um link de confirmação para este email.',
    );
    expect(Msg.passwordSetupButton).toBe('Enviar link para criar senha');
    expect(Msg.passwordSetupSent('g@exemplo.com')).toBe(
      'Enviamos para g@exemplo.com um link para criar sua senha. Ele vale por 1 hora e só funciona uma vez.',
    );
    expect(Msg.passwordSetupRateLimited).toMatch(/^Você já pediu vários links na última hora\./);
    expect(Msg.passwordSetupNotNeeded).toBe('Sua conta já tem senha. Use o formulário de Alterar Senha.');
    expect(Msg.passwordNotSetYet).toBe(
      'Sua conta entra com o Google e ainda não tem senha. Peça em Alterar Senha um link para criar uma.',
    );
    expect(Msg.googleAccountHasPassword).toBe('Sua conta também entra com o Google.');
  });

  it('the builder, and the admin', () => {
    expect([Msg.previewEnlarge, Msg.previewDialogTitle, Msg.previewClose]).toEqual([
      'Ampliar prévia',
      'Prévia da página',
      'Fechar',
    ]);
    expect(Msg.purchaseDone).toBe(
      'Compra realizada! O download do PDF foi iniciado. A página também está em Minhas Compras.',
    );
    expect(Msg.adminReversedLabel).toBe('Estornados');
    expect(Msg.adminReversedHint).toContain('reembolsadas ou contestadas (chargeback)');
    expect(Msg.auditTopUpReversed('R$ 5,00', 'refund')).toBe('Estorno de recarga: R$ 5,00');
    expect(Msg.auditTopUpReversed('R$ 7,00', 'chargeback')).toBe(
      'Contestação (chargeback) de recarga: R$ 7,00',
    );
  });
});

describe("the emailed links' and limits' messages", () => {
  it('an emailed link opened in another browser names its account and asks for the password', () => {
    expect(Msg.linkAccount('ma***@exemplo.com.br')).toBe('Conta: ma***@exemplo.com.br');
    expect(Msg.activationConfirmPassword('ma***@exemplo.com.br')).toBe(
      'Este link ativa a conta ma***@exemplo.com.br. Ele foi pedido em outro navegador: para confirmar que a conta é sua, digite a senha que você escolheu no cadastro.',
    );
    expect(Msg.activationConfirmButton).toBe('Ativar minha conta');
    expect(Msg.activationPasswordWrong).toMatch(/^Senha incorreta\. .*cadastre-se de novo com o seu email/);
    expect(Msg.signInLinkConfirmPassword('ma***@exemplo.com.br')).toBe(
      'Este link entra na conta ma***@exemplo.com.br. Ele foi pedido em outro navegador: para confirmar que a conta é sua, digite a senha dela.',
    );
    expect(Msg.signInLinkConfirmButton).toBe('Entrar');
    expect(Msg.signInLinkPasswordWrong).toBe('Senha incorreta. O link continua valendo até expirar.');
  });

  it('Google, titles', () => {
    expect(Msg.googleEmailTooLong).toBe(
      'Não foi possível entrar com esta conta Google: o email dela tem mais de 254 caracteres.',
    );
    expect(Msg.googleAdminRefused).toBe('A conta de administrador entra somente com email e senha.');
    expect(Msg.titleInvalidCharacters).toBe(
      'O título contém caracteres não permitidos (caracteres de controle ou invisíveis).',
    );
  });

  it('a second class set while one prints', () => {
    expect(Msg.setAlreadyPrinting).toBe(
      'Você já tem um conjunto sendo impresso. Aguarde ele ficar pronto para comprar outro.',
    );
  });

  it('sign-ups from one network past the hour’s limit', () => {
    expect(Msg.signUpsFromAddressRateLimited).toBe(
      'Muitos cadastros feitos a partir desta rede na última hora. Aguarde um pouco e tente novamente.',
    );
  });
});
