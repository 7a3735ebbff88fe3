import { describe, expect, it } from 'vitest';
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
});
