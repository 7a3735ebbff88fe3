import { describe, expect, it } from 'vitest';
import { isSitePath, publicSitePaths, sitePaths } from '@app/contracts';

describe('isSitePath (the gateway answers 404 for any other path)', () => {
  it('knows every route of the SPA, with and without its parameters', () => {
    for (const path of [
      '/',
      '/login',
      '/login/google',
      '/cadastro',
      '/criar-nova-senha',
      '/criar-nova-senha/abc123',
      '/ativar',
      '/ativar/xyz',
      '/gabarito/ABC-123',
      '/privacidade',
      '/termos',
      '/suporte',
      '/extrato',
      '/turmas',
      '/corrigir/ABC-123',
      '/relatorio/ABC-123',
      '/admin',
      '/admin/usuarios',
      '/minhas-compras/',
    ])
      expect(isSitePath(path), path).toBe(true);
  });

  it('refuses paths that are not routes', () => {
    for (const path of [
      '/nao-existe',
      '/gabarito',
      '/gabarito/a/b',
      '/corrigir',
      '/corrigir/a/b',
      '/relatorio',
      '/relatorio/a/b',
      '/admin/outra',
      '/ativar/a/b',
      '/login/x',
      '/wp-login.php',
      '//',
    ])
      expect(isSitePath(path), path).toBe(false);
  });

  it('lists only public pages for search engines', () => {
    expect(publicSitePaths).toContain(sitePaths.home);
    expect(publicSitePaths).not.toContain(sitePaths.exercises);
    expect(publicSitePaths.every((p) => isSitePath(p))).toBe(true);
  });
});
