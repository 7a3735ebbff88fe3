import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { deleteStreams } from '@app/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { publicSitePaths } from '@app/contracts';
import { Bus, createLogger } from '@app/kit';
import { buildGateway } from './build-gateway.js';
import { fakeBuild } from './fake-web-build.js';
import { service } from '../../src/service.js';

/** Every variable the gateway reads: the base ones and its own. */
const gatewayEnv = service.configSchema;

const PUBLIC_URL = 'https://exercicios.example.com.br';

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
}

describe('gateway: the SPA and its files (compression, cache, 404, robots, sitemap, link previews)', () => {
  const { natsUrl, natsAuth } = inject('stack');
  const prefix = `gw${randomUUID().slice(0, 8)}`;
  let dist: string;
  let script: Buffer;
  let bus: Bus;
  let app: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'));
    ({ script } = await fakeBuild(dist));
    const logger = createLogger('gateway', 'silent');
    bus = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'gateway', prefix, logger });
    // No request here reaches an upstream: the addresses only have to be valid.
    const upstream = 'http://127.0.0.1:9';
    const config = gatewayEnv.parse({
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
      INTERNAL_SECRET: 'i'.repeat(40),
      JWT_SECRET: 'j'.repeat(40),
      AUTH_URL: upstream,
      BILLING_URL: upstream,
      PAGES_URL: upstream,
      MAIL_URL: upstream,
      ADMIN_STATS_URL: upstream,
      CLASSROOM_URL: upstream,
      WEB_DIST: dist,
      // A trailing slash, as an operator may write it: URLs must not come out with '//'.
      PUBLIC_URL: `${PUBLIC_URL}/`,
    });
    app = await buildGateway(config, logger, bus);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await bus?.drain();
    if (dist) await rm(dist, { recursive: true, force: true });
    // The gateway's limits' streams (LIMITS_*) under this file's prefix.
    await deleteStreams(natsUrl, prefix, natsAuth);
  });

  describe('compression negotiation (files compressed by the build)', () => {
    it.each([
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ])('Accept-Encoding "%s" gets the %s form, which decodes to the file', async (accept, encoding) => {
      const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(script.length);
      expect(decoded(res).equals(script)).toBe(true);
    });

    it('sends the file itself to a client that accepts no encoding, still with Vary', async () => {
      const res = await get('/assets/index-Ab12Cd34.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(script)).toBe(true);
    });

    it('sends the file itself when the build wrote no compressed form (too small to gain)', async () => {
      const res = await get('/assets/tiny-Ef56Gh78.css', { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(res.body).toBe('body{margin:0}');
    });

    it('negotiates index.html too (compressed in memory at start-up)', async () => {
      const plain = await get('/');
      const br = await get('/', { 'accept-encoding': 'br, gzip' });
      const gz = await get('/', { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const res of [br, gz]) {
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res).equals(plain.rawPayload)).toBe(true);
      }
    });
  });

  describe('cache policy', () => {
    it('hashed assets: a year, immutable', async () => {
      const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('index.html: no-cache, at / and for a SPA route; a 304 when the ETag matches', async () => {
      for (const url of ['/', '/login', '/exercicios-aritmetica']) {
        const res = await get(url, { 'accept-encoding': 'gzip' });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      const first = await get('/login');
      const again = await get('/login', { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('files at a fixed name (samples, icons, manifest): a day', async () => {
      for (const url of ['/samples/matematica_facil_1.pdf', '/favicon.ico', '/manifest.webmanifest']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('public, max-age=86400');
      }
    });
  });

  describe('HTTP status of page paths', () => {
    it('a path that is no route: 404 with the SPA (which shows its not-found screen)', async () => {
      for (const url of ['/nao-existe', '/admin/nada', '/login/google/extra', '/gabarito']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toContain('<div id="root"></div>');
      }
    });

    it('routes, with and without their parameters: 200', async () => {
      for (const url of [
        '/gabarito/AB12CD',
        '/criar-nova-senha/um-token',
        '/criar-nova-senha',
        '/ativar/codigo?x=1',
        '/admin/estatisticas',
        '/privacidade',
        '/extrato/',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root"></div>');
      }
    });

    it('an unknown /api path or file keeps the JSON 404', async () => {
      for (const url of ['/api/nao-existe', '/assets/nao-existe.js', '/index.html']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
      }
    });
  });

  it('robots.txt: the API and the non-public pages disallowed, the sitemap at PUBLIC_URL', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/api/',
      '/admin',
      '/exercicios-aritmetica',
      '/extrato',
      '/logout',
      '/ativar/',
      '/gabarito/',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    for (const path of publicSitePaths) expect(lines).not.toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml: the public pages at PUBLIC_URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicSitePaths.map((p) => `${PUBLIC_URL}${p}`));
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it('serves the web manifest and a real ICO favicon', async () => {
    const manifest = await get('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const body = JSON.parse(decoded(manifest).toString()) as Record<string, unknown>;
    expect(body).toMatchObject({
      display: 'standalone',
      theme_color: '#0e7490',
      start_url: '/',
      lang: 'pt-BR',
    });
    expect((body.icons as Array<{ sizes: string }>).map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // ICONDIR: reserved 0, type 1 (icon), then the image count.
    expect([...ico.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(ico.rawPayload.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
  });

  it('fills the Open Graph and Twitter card tags with absolute URLs on PUBLIC_URL', async () => {
    const html = (await get('/')).body;
    const meta = (attr: 'property' | 'name', key: string) =>
      new RegExp(`<meta\\s+${attr}="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];
    expect(html).not.toContain('__PUBLIC_URL__');
    expect(meta('property', 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(meta('property', 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:height')).toBe('630');
    expect(meta('property', 'og:locale')).toBe('pt_BR');
    expect(meta('property', 'og:title')).toBeTruthy();
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    const image = await get('/og-image.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The PNG's IHDR: 1200 × 630.
    expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
