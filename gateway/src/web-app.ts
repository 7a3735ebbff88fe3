import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, fail, isSitePath, PlatformMessages, publicSitePaths, sitePaths } from '@app/contracts';
import type { Logger } from '@app/kit';

/** What web/index.html says where the site's absolute address goes (link previews); filled in at start-up. */
export const PUBLIC_URL_PLACEHOLDER = '__PUBLIC_URL__';

export const CacheControl = {
  /** Vite's /assets/ files: their name changes with their content. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html: asked again on every visit (a 304 when unchanged), so a deployment shows at once. */
  page: 'no-cache',
  /** Files at a fixed name (icons, manifest, free samples, robots.txt, sitemap.xml): a day. */
  fixedName: 'public, max-age=86400',
} as const;

/** The site's address without a trailing slash, so that `${origin}${path}` is one URL. */
export function siteBase(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** The cache policy of a static file, by its URL path. */
export function staticCacheControl(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? CacheControl.hashed : CacheControl.fixedName;
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** The encoding of the page for an Accept-Encoding header, as @fastify/static picks it for files (`*` as gzip). */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return 'identity';
  return (
    negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip', 'identity']) ?? 'identity'
  );
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with the site's address in its absolute URLs (Open Graph, Twitter card). */
export function fillIndexHtml(template: string, publicUrl: string): string {
  return template.replaceAll(PUBLIC_URL_PLACEHOLDER, escapeXml(siteBase(publicUrl)));
}

/**
 * What search engines are asked to leave alone: the API and every page that is not public (member and admin areas,
 * one-off links). A route with parameters is disallowed up to its first one (`/ativar/`, `/gabarito/`).
 */
export function disallowedPaths(): string[] {
  const open = new Set<string>(publicSitePaths);
  const pages = Object.values(sitePaths)
    .filter((p) => !open.has(p))
    .map((p) => {
      const param = p.indexOf('/:');
      return param < 0 ? p : p.slice(0, param + 1);
    });
  return ['/api/', ...new Set(pages)];
}

export function robotsTxt(publicUrl: string): string {
  const lines = [
    'User-agent: *',
    ...disallowedPaths().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteBase(publicUrl)}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}

export function sitemapXml(publicUrl: string): string {
  const urls = publicSitePaths.map((p) => `  <url><loc>${escapeXml(siteBase(publicUrl) + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** A page kept in memory in each encoding, compressed once at start-up. */
export interface CompressedPage {
  etag: string;
  forms: Record<PageEncoding, Buffer>;
}

export function compressPage(text: string): CompressedPage {
  const identity = Buffer.from(text);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    forms: {
      identity,
      br: brotliCompressSync(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    },
  };
}

function sendCompressed(
  req: FastifyRequest,
  reply: FastifyReply,
  page: CompressedPage,
  contentType: string,
  cacheControl: string,
) {
  const encoding = pageEncoding(req.headers['accept-encoding']);
  // One ETag per encoding: a cache that kept the gzip form must not be told it holds the brotli one.
  const etag = encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
  reply
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  reply.header('etag', etag);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (reply.statusCode === 200 && req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(page.forms[encoding]);
}

/**
 * The SPA: the built files of web/dist with their .br and .gz forms (written by the web build), index.html for every
 * page route (HTTP 404 for a path that is no route, so that crawlers do not index the SPA's not-found screen), and
 * robots.txt and sitemap.xml from PUBLIC_URL. Other unknown paths (the API's, files) get the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: { WEB_DIST: string; PUBLIC_URL: string },
  logger: Logger,
): Promise<void> {
  const webDist = path.resolve(config.WEB_DIST);
  const indexHtml = path.join(webDist, 'index.html');
  const robots = compressPage(robotsTxt(config.PUBLIC_URL));
  const sitemap = compressPage(sitemapXml(config.PUBLIC_URL));
  app.get('/robots.txt', (req, reply) =>
    sendCompressed(req, reply, robots, 'text/plain; charset=utf-8', CacheControl.fixedName),
  );
  app.get('/sitemap.xml', (req, reply) =>
    sendCompressed(req, reply, sitemap, 'application/xml; charset=utf-8', CacheControl.fixedName),
  );

  let index: CompressedPage | undefined;
  if (existsSync(indexHtml)) {
    index = compressPage(fillIndexHtml(readFileSync(indexHtml, 'utf8'), config.PUBLIC_URL));
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Only the file itself is routed; its .br and .gz forms are found by preCompressed. index.html is served
      // from memory (filled in), and the build manifest (.vite/) is not a dotfile route either.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const urlPath = `/${path.relative(webDist, filePath).split(path.sep).join('/')}`;
        res.setHeader('cache-control', staticCacheControl(urlPath));
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', (req, reply) =>
      sendCompressed(req, reply, index!, 'text/html; charset=utf-8', CacheControl.page),
    );
  } else {
    logger.warn({ webDist }, 'web build not found: run `npm run build -w @app/web`');
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !path.extname(pathname);
    if (wantsPage && index) {
      // The SPA draws its 'Página não encontrada' screen; the status says so to crawlers and link checkers.
      if (!isSitePath(pathname)) reply.code(404);
      return sendCompressed(req, reply, index, 'text/html; charset=utf-8', CacheControl.page);
    }
    return reply.code(404).send(fail(PlatformMessages.notFound, ErrorCode.NOT_FOUND));
  });
}
