/**
 * Draws the site's icons and link-preview image into web/public/ (committed; run again after changing the art):
 *   favicon.svg            the logo mark (the browser tab icon of modern browsers)
 *   favicon.ico            16, 32 and 48 px (PNG-encoded entries), for browsers and crawlers that ask /favicon.ico
 *   apple-touch-icon.png   180 px, full-bleed (iOS rounds the corners itself)
 *   icon-192.png, icon-512.png   the web manifest's icons
 *   og-image.png           1200×630 link preview (Open Graph, Twitter card)
 * Rendered by Chromium (resolveChromium: the system's headless shell or browser, else @sparticuz/chromium).
 *   npx tsx scripts/make-brand-images.ts
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumEnv, resolveChromium } from '@app/browser';

/**
 * An ICO file of PNG images (the format since Windows Vista; every browser reads it): the ICONDIR header, one
 * 16-byte entry per image (width and height, 0 meaning 256; 32 bits per pixel; size and offset), then the PNGs.
 */
function icoFile(pngs: Buffer[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map((png) => {
    // A PNG's width and height: big-endian at bytes 16 and 20 of its IHDR chunk.
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width >= 256 ? 0 : width, 0);
    entry.writeUInt8(height >= 256 ? 0 : height, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}

const out = (name: string) => fileURLToPath(new URL(`../web/public/${name}`, import.meta.url));

const BRAND = '#0e7490';

/** The logo mark (header logo's colours): + − × ÷ on the brand colour. `rounded` false fills the square. */
function markSvg(rounded = true): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">`,
    `<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND}"/>`,
    `<g fill="none" stroke-width="5" stroke-linecap="round">`,
    `<path d="M12 20h16M20 12v16" stroke="#ffd166"/>`,
    `<path d="M36 20h16" stroke="#fff"/>`,
    `<path d="M14 38l12 12M26 38l-12 12" stroke="#ffa07a"/>`,
    `<path d="M36 44h16" stroke="#9be7c4"/>`,
    `</g>`,
    `<g fill="#9be7c4"><circle cx="44" cy="37" r="3"/><circle cx="44" cy="51" r="3"/></g>`,
    `</svg>`,
  ].join('');
}

const page = (body: string, css = '') =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>
  html,body{margin:0;padding:0;background:transparent}
  body{font-family:'DejaVu Sans',sans-serif}
  ${css}</style></head><body>${body}</body></html>`;

function iconHtml(size: number, rounded: boolean): string {
  return page(markSvg(rounded), `svg{display:block;width:${size}px;height:${size}px}`);
}

/** The link preview: the mark, the name, what the site does, and a corner of a worksheet. */
function ogImageHtml(): string {
  const problems = [
    ['347', '+', '285'],
    ['902', '−', '468'],
    ['56', '×', '7'],
  ];
  const sheet = problems
    .map(
      ([a, op, b]) =>
        `<div class="problem"><div>${a}</div><div><span>${op}</span>${b}</div><div class="rule"></div></div>`,
    )
    .join('');
  return page(
    `<main>
      <section class="text">
        <div class="brand">${markSvg()}<span>Exercícios de Matemática</span></div>
        <h1>Folhas de aritmética para imprimir</h1>
        <p>Adição, subtração, multiplicação e divisão em três níveis, com gabarito.</p>
        <p class="cta">12 modelos grátis · R$ 0,50 por folha</p>
      </section>
      <section class="sheet">${sheet}<div class="chave"><span>84</span><span>6</span></div></section>
    </main>`,
    `main{box-sizing:border-box;width:1200px;height:630px;display:flex;align-items:center;gap:56px;padding:64px 72px;
      background:linear-gradient(135deg,${BRAND} 0%,#155e75 100%);color:#fff}
    .text{flex:1}
    .brand{display:flex;align-items:center;gap:20px;font-size:30px;font-weight:bold;color:#cffafe}
    .brand svg{width:72px;height:72px;box-shadow:0 6px 18px rgba(0,0,0,.25);border-radius:16px}
    h1{font-size:60px;line-height:1.1;margin:36px 0 20px}
    p{font-size:30px;line-height:1.35;margin:0;color:#e0f2fe}
    .cta{margin-top:28px;display:inline-block;background:#ffd166;color:#1f2937;font-weight:bold;padding:12px 24px;
      border-radius:999px;font-size:28px}
    .sheet{width:330px;height:460px;background:#fff;color:#1f2937;border-radius:12px;transform:rotate(3deg);
      box-shadow:0 18px 40px rgba(0,0,0,.35);padding:28px 36px;box-sizing:border-box;display:grid;
      grid-template-columns:1fr 1fr;gap:26px 28px;font-family:'DejaVu Sans Mono',monospace;font-size:34px}
    .problem{text-align:right}
    .problem span{float:left;color:${BRAND}}
    .rule{border-top:3px solid #1f2937;margin-top:6px;height:34px}
    .chave{display:flex;align-items:flex-start;justify-content:flex-end;gap:0;font-size:34px}
    .chave span:first-child{padding-right:10px}
    .chave span:last-child{border-left:3px solid #1f2937;border-bottom:3px solid #1f2937;padding:0 10px}`,
  );
}

async function screenshot(browser: Browser, html: string, width: number, height: number): Promise<Buffer> {
  const tab = await browser.newPage();
  try {
    await tab.setViewport({ width, height, deviceScaleFactor: 1 });
    await tab.setContent(html, { waitUntil: 'load' });
    await tab.evaluate(() => document.fonts.ready);
    return Buffer.from(
      await tab.screenshot({ type: 'png', omitBackground: true, clip: { x: 0, y: 0, width, height } }),
    );
  } finally {
    await tab.close();
  }
}

const chromium = await resolveChromium();
const browser = await puppeteer.launch({
  executablePath: chromium.path,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
  env: { ...process.env, ...chromiumEnv(chromium.path) },
});
try {
  const icon = (size: number, rounded = true) => screenshot(browser, iconHtml(size, rounded), size, size);
  await writeFile(out('favicon.svg'), `${markSvg()}\n`);
  await writeFile(out('favicon.ico'), icoFile([await icon(16), await icon(32), await icon(48)]));
  await writeFile(out('apple-touch-icon.png'), await icon(180, false));
  await writeFile(out('icon-192.png'), await icon(192));
  await writeFile(out('icon-512.png'), await icon(512));
  await writeFile(out('og-image.png'), await screenshot(browser, ogImageHtml(), 1200, 630));
  console.log(
    `✔ web/public: favicon.svg, favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, og-image.png (${chromium.label})`,
  );
} finally {
  await browser.close();
}
