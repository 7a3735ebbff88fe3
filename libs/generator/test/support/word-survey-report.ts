import { allSettings, surveyRows, type SurveyRow } from './word-survey.js';

/**
 * `npm run words:survey [-- --pages 100] [-- --only "+ 5"]`: the survey of the situações-problema (word-survey.ts)
 * as a table, a row per setting and operation: problems drawn, the share outside their template's ranges, the
 * templates used and the largest share of one. Rows that miss a target (under 8 templates, one above 25 %, any
 * outside) are marked; `--templates` also lists each row's templates.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const pages = Number(option('--pages') ?? 100);
const only = option('--only');
const listTemplates = args.includes('--templates');

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const rows: SurveyRow[] = [];
const started = performance.now();
for (const setting of allSettings()) {
  if (only !== undefined && !setting.name.includes(only)) continue;
  rows.push(...surveyRows(setting, pages));
}
const width = Math.max(...rows.map((row) => row.setting.length));
console.log(`${'setting'.padEnd(width)}  op    problems  outside  templates  top share  top template`);
let misses = 0;
for (const row of rows) {
  const miss = row.outside > 0 || row.templates < 8 || row.top.share > 0.25;
  if (miss) misses++;
  console.log(
    `${row.setting.padEnd(width)}  ${row.op.padEnd(4)}  ${String(row.problems).padStart(8)}  ${percent(row.outside / Math.max(1, row.problems)).padStart(7)}  ${String(row.templates).padStart(9)}  ${percent(row.top.share).padStart(9)}  ${row.top.id}${miss ? '   ◀' : ''}`,
  );
  if (listTemplates) console.log(`    ${row.used.map(([id, n]) => `${id} ${n}`).join(', ')}`);
}
const total = rows.reduce((sum, row) => sum + row.problems, 0);
const outside = rows.reduce((sum, row) => sum + row.outside, 0);
console.log(
  `\n${rows.length} rows, ${total} problems (${pages} pages of 6 a setting), ${percent(outside / Math.max(1, total))} outside their ranges; ${misses} rows miss a target (◀: under 8 templates, one above 25 %, or any outside); ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
