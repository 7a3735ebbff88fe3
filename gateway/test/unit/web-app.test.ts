import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { publicSitePaths, sitePaths } from '@app/contracts';
import {
  CacheControl,
  compressPage,
  disallowedPaths,
  fillIndexHtml,
  pageEncoding,
  robotsTxt,
  siteBase,
  sitemapXml,
  staticCacheControl,
} from '../../src/web-app.js';

describe('web-app helpers', () => {
  it('siteBase drops trailing slashes and keeps a path prefix', () => {
    expect(siteBase('https://exercicios.example.com.br/')).toBe('https://exercicios.example.com.br');
    expect(siteBase('https://exercicios.example.com.br')).toBe('https://exercicios.example.com.br');
    expect(siteBase('https://example.com/app//')).toBe('https://example.com/app');
  });

  it('staticCacheControl: immutable for /assets/, a day for files at a fixed name', () => {
    expect(staticCacheControl('/assets/index-Ab12.js')).toBe(CacheControl.hashed);
    expect(CacheControl.hashed).toBe('public, max-age=31536000, immutable');
    for (const p of ['/favicon.ico', '/manifest.webmanifest', '/samples/matematica_facil_1.pdf', '/assets'])
      expect(staticCacheControl(p), p).toBe(CacheControl.fixedName);
  });

  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.4', 'gzip'],
    ['*', 'gzip'],
    ['GZIP', 'gzip'],
  ] as const)('pageEncoding(%j) = %s', (header, expected) => {
    expect(pageEncoding(header)).toBe(expected);
  });

  it('fillIndexHtml puts the escaped site address in place of every placeholder', () => {
    const template = '<meta content="__PUBLIC_URL__/" /><meta content="__PUBLIC_URL__/og.png" />';
    expect(fillIndexHtml(template, 'https://a.example/')).toBe(
      '<meta content="https://a.example/" /><meta content="https://a.example/og.png" />',
    );
    expect(fillIndexHtml('"__PUBLIC_URL__"', 'https://a.example/?a=1&b="2"')).toBe(
      '"https://a.example/?a=1&amp;b=&quot;2&quot;"',
    );
  });

  it('disallowedPaths: the API and every non-public page, parameters cut off', () => {
    const paths = disallowedPaths();
    expect(paths[0]).toBe('/api/');
    for (const p of publicSitePaths) expect(paths).not.toContain(p);
    expect(paths).toEqual(
      expect.arrayContaining([
        sitePaths.exercises,
        sitePaths.statement,
        sitePaths.admin,
        sitePaths.logout,
        sitePaths.loginGoogle,
        '/ativar/',
        '/criar-nova-senha/',
        '/gabarito/',
      ]),
    );
    expect(paths.some((p) => p.includes(':'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('robotsTxt: one group for every agent, then the sitemap', () => {
    const txt = robotsTxt('https://a.example/');
    expect(txt.startsWith('User-agent: *\nDisallow: /api/\n')).toBe(true);
    expect(txt.endsWith('\n\nSitemap: https://a.example/sitemap.xml\n')).toBe(true);
  });

  it('sitemapXml lists the public pages on the site address, escaped', () => {
    const xml = sitemapXml('https://a.example/x&y');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicSitePaths.map((p) => `https://a.example/x&amp;y${p}`));
  });

  it('compressPage: each form decodes to the page', () => {
    const page = compressPage('<!doctype html><p>Exercícios</p>'.repeat(50));
    expect(brotliDecompressSync(page.forms.br).equals(page.forms.identity)).toBe(true);
    expect(gunzipSync(page.forms.gzip).equals(page.forms.identity)).toBe(true);
    expect(page.etag).toMatch(/^"[\w-]+"$/);
  });
});
