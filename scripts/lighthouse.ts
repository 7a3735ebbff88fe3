/**
 * Lighthouse (default mobile configuration) on the built site: / and /login, the four categories, a table on stdout
 * and the JSON reports in test-results/lighthouse/.
 *   npm run lighthouse            (builds web/ first through nx: cached when nothing changed)
 * Starts a whole stack of the built site (startTestStack: free ports, a throwaway database, local stand-ins), as the
 * end-to-end tier does, and drives the Chromium of @app/browser (CHROME_PATH, the system's headless shell or browser,
 * else @sparticuz/chromium) through puppeteer-core.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumEnv, resolveChromium } from '@app/browser';
import { fromRoot } from '@app/stack';
import { startTestStack } from '@app/testing';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// The site as it is deployed: the web build (and the free samples it ships) — nx replays it from its cache when
// nothing changed.
execFileSync('npx', ['nx', 'run', '@app/web:build', '--outputStyle=static'], { stdio: 'inherit' });

const chromium = await resolveChromium();
Object.assign(process.env, { ...chromiumEnv(chromium.path), ...process.env });
console.log(`Chromium: ${chromium.label}`);
const stack = await startTestStack('lighthouse');
const browser = await puppeteer.launch({
  executablePath: chromium.path,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
  env: { ...process.env, ...chromiumEnv(chromium.path) },
});
const outDir = fromRoot('test-results', 'lighthouse');
mkdirSync(outDir, { recursive: true });
const rows: Array<{ page: string; scores: Record<string, number>; failing: string[] }> = [];
try {
  for (const { name, path } of PAGES) {
    const url = new URL(path, stack.info.gatewayUrl).href;
    const tab = await browser.newPage();
    // Lighthouse drives the page with its own bundled puppeteer-core types; the protocol is the same.
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      undefined,
      tab as never,
    );
    await tab.close();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    writeFileSync(`${outDir}/${name}.json`, JSON.stringify(lhr, null, 2));
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    // What cost points: every scored audit below 0.9 in the four categories (weight > 0).
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => `${c}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`.trim()),
    );
    rows.push({ page: path, scores, failing });
  }
} finally {
  await browser.close();
  await stack.stop();
}

const header = ['page', ...CATEGORIES];
const table = [header, ...rows.map((r) => [r.page, ...CATEGORIES.map((c) => String(r.scores[c]))])];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\nLighthouse ${new Date().toISOString().slice(0, 10)} (mobile, ${chromium.label})`);
console.log(line(table[0]!));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));
for (const r of rows)
  if (r.failing.length) console.log(`\n${r.page}, audits below 0.9:\n  ${r.failing.join('\n  ')}`);
console.log(`\nReports: ${outDir}/{${PAGES.map((p) => p.name).join(',')}}.json`);
