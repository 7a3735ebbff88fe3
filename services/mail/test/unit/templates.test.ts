import { describe, expect, it } from 'vitest';
import { formatCents } from '@app/contracts/format';
import { InvalidMailData, renderMail } from '../../src/domain/templates.js';

const site = 'https://exercicios.example.com.br';

describe('mail templates', () => {
  it('activation: pt-BR text with the /ativar/{code} link on PUBLIC_URL in both parts', () => {
    const m = renderMail('activation', { fullname: 'Maria da Silva', code: 'abc_DEF-123' }, site);
    expect(m.subject).toBe('Ative sua conta — Exercícios de Matemática');
    expect(m.html).toContain('href="https://exercicios.example.com.br/ativar/abc_DEF-123"');
    expect(m.text).toContain('https://exercicios.example.com.br/ativar/abc_DEF-123');
    expect(m.text).toContain('Olá, Maria da Silva!');
    expect(m.html).toContain('lang="pt-BR"');
  });

  it('recovery: the /criar-nova-senha/{token} link', () => {
    const m = renderMail('recovery', { fullname: 'João', token: 'tok123' }, `${site}/`);
    expect(m.subject).toBe('Recuperação de senha — Exercícios de Matemática');
    expect(m.html).toContain('href="https://exercicios.example.com.br/criar-nova-senha/tok123"');
    expect(m.text).toContain('O link vale por 1 hora');
  });

  it('sign-in-alert: how many failures, and a way to a new password', () => {
    const m = renderMail('sign-in-alert', { fullname: 'Ana', failures: '12' }, site);
    expect(m.subject).toBe('Tentativas de entrar na sua conta — Exercícios de Matemática');
    expect(m.text).toContain('houve 12 tentativas de entrar na sua conta com uma senha errada');
    expect(m.html).toContain('href="https://exercicios.example.com.br/esqueci-minha-senha"');
    expect(() => renderMail('sign-in-alert', { fullname: 'Ana', failures: 'muitas' }, site)).toThrow(
      InvalidMailData,
    );
  });

  it('sign-up-existing: someone tried the address; links to sign in and to recover the password', () => {
    const m = renderMail('sign-up-existing', { fullname: 'Ana' }, site);
    expect(m.subject).toBe('Tentativa de cadastro com o seu email — Exercícios de Matemática');
    expect(m.text).toContain('Alguém tentou criar uma conta no site com o seu endereço de email');
    expect(m.html).toContain('href="https://exercicios.example.com.br/login"');
    expect(m.text).toContain('https://exercicios.example.com.br/esqueci-minha-senha');
  });

  it('password-setup: a Google account creates its password through a single-use link', () => {
    const m = renderMail('password-setup', { fullname: 'Gustavo', token: 'tok-setup' }, site);
    expect(m.subject).toBe('Crie uma senha para a sua conta — Exercícios de Matemática');
    expect(m.html).toContain('href="https://exercicios.example.com.br/criar-nova-senha/tok-setup"');
    expect(m.text).toContain('hoje entra com o Google');
    expect(m.text).toContain('O link vale por 1 hora e pode ser usado uma única vez');
    expect(() => renderMail('password-setup', { fullname: 'Gustavo' }, site)).toThrow(InvalidMailData);
  });

  it('sign-in-link: the owner of an account under attack gets in through a single-use link', () => {
    const m = renderMail('sign-in-link', { fullname: 'Helena', code: 'link_CODIGO-1' }, site);
    expect(m.subject).toBe('Link para entrar na sua conta — Exercícios de Matemática');
    expect(m.html).toContain('href="https://exercicios.example.com.br/entrar/link_CODIGO-1"');
    expect(m.text).toContain('O link vale por 15 minutos e pode ser usado uma única vez');
    expect(() => renderMail('sign-in-link', { fullname: 'Helena' }, site)).toThrow(InvalidMailData);
  });

  it('escapes what users typed', () => {
    const m = renderMail(
      'admin-new-user',
      { fullname: '<script>x</script>', email: 'a@b.c', fromGoogle: 'true' },
      site,
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.text).toContain('Cadastro pelo Google: Sim');
  });

  it('refuses data a template cannot use', () => {
    expect(() => renderMail('activation', { fullname: 'Sem código' }, site)).toThrow(InvalidMailData);
  });

  it('topup-credited: the amount and the new balance, in pt-BR', () => {
    const m = renderMail(
      'topup-credited',
      { fullname: 'Maria', amount: formatCents(1000), balance: formatCents(1250) },
      site,
    );
    expect(m.subject).toBe('Saldo adicionado: R$ 10,00 — Exercícios de Matemática');
    expect(m.text).toContain('adicionamos R$ 10,00 ao seu saldo');
    expect(m.text).toContain('Seu saldo agora é R$ 12,50.');
  });

  it('topup-reversed: a refund or a chargeback, the amount taken back and a negative balance', () => {
    const refund = renderMail(
      'topup-reversed',
      { fullname: 'Maria', amount: formatCents(300), balance: formatCents(700), reason: 'refund' },
      site,
    );
    expect(refund.subject).toBe('Estorno de saldo: R$ 3,00 — Exercícios de Matemática');
    expect(refund.text).toContain('foi estornado, e por isso retiramos R$ 3,00 do seu saldo');
    expect(refund.text).toContain('Seu saldo agora é R$ 7,00.');
    expect(refund.text).not.toContain('bloqueadas');
    const chargeback = renderMail(
      'topup-reversed',
      { fullname: 'Maria', amount: formatCents(1000), balance: formatCents(-50), reason: 'chargeback' },
      site,
    );
    expect(chargeback.text).toContain('chargeback');
    expect(chargeback.text).toContain('Seu saldo agora é \u2212 R$ 0,50.');
    expect(chargeback.text).toContain('novas compras ficam bloqueadas até que uma recarga o cubra');
    // A job queued before the minus sign (U+2212) still carries Intl's hyphen: its balance is negative all the same.
    const queuedBefore = renderMail(
      'topup-reversed',
      { fullname: 'Maria', amount: formatCents(1000), balance: '-R$ 0,50', reason: 'chargeback' },
      site,
    );
    expect(queuedBefore.text).toContain('novas compras ficam bloqueadas até que uma recarga o cubra');
    expect(() =>
      renderMail('topup-reversed', { fullname: 'Maria', amount: 'x', balance: 'y' }, site),
    ).toThrow(InvalidMailData);
  });
});
