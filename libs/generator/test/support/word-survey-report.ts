import { allSettings, surveyRows, twoStepSettings, type SurveyRow } from './word-survey.js';

/**
 * `npm run words:survey [-- --pages 100] [-- --only "+ 5"]`: the survey of the situações-problema (word-survey.ts)
 * as a table, a row per setting and operation: problems drawn, the share outside their template's ranges, the
 * templates used and the largest share of one. Rows that miss a target (under 8 templates, one above 25 %, any
 * outside) are marked; `--templates` also lists each row's templates.
 *
 * `--meanings duas-etapas`: pages told only in duas etapas, for each level's preset and the builder's preset of
 * each level, with + − × ÷ alone, + −, × ÷ and all four (`twoStepSettings`). Its targets: at least 3 templates a
 * row, none above 50 %, none outside; a setting that cannot be told (refused by checkCustom, or a page that throws)
 * is marked with the reason.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const pages = Number(option('--pages') ?? 100);
const only = option('--only');
const listTemplates = args.includes('--templates');
const meanings = option('--meanings');
if (meanings !== undefined && meanings !== 'duas-etapas')
  throw new Error(`--meanings: only duas-etapas has a survey of its own, not ${meanings}`);
const twoSteps = meanings === 'duas-etapas';
const target = twoSteps ? { templates: 3, share: 0.5 } : { templates: 8, share: 0.25 };

/** The table goes to stdout (a script's output, not a log). */
const print = (line: string) => process.stdout.write(`${line}\n`);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const rows: SurveyRow[] = [];
const started = performance.now();
for (const setting of twoSteps ? twoStepSettings() : allSettings()) {
  if (only !== undefined && !setting.name.includes(only)) continue;
  rows.push(...surveyRows(setting, pages));
}
const width = Math.max(...rows.map((row) => row.setting.length));
print(`${'setting'.padEnd(width)}  op    problems  outside  templates  top share  top template`);
let misses = 0;
for (const row of rows) {
  const miss =
    row.cannot !== undefined ||
    row.outside > 0 ||
    row.templates < target.templates ||
    row.top.share > target.share;
  if (miss) misses++;
  const told =
    row.cannot === undefined
      ? `${String(row.problems).padStart(8)}  ${percent(row.outside / Math.max(1, row.problems)).padStart(7)}  ${String(row.templates).padStart(9)}  ${percent(row.top.share).padStart(9)}  ${row.top.id}`
      : `cannot be told (${row.cannot})`;
  print(`${row.setting.padEnd(width)}  ${row.op.padEnd(4)}  ${told}${miss ? '   ◀' : ''}`);
  if (listTemplates) print(`    ${row.used.map(([id, n]) => `${id} ${n}`).join(', ')}`);
}
const total = rows.reduce((sum, row) => sum + row.problems, 0);
const outside = rows.reduce((sum, row) => sum + row.outside, 0);
const cannot = new Set(rows.filter((row) => row.cannot !== undefined).map((row) => row.setting)).size;
print(
  `\n${rows.length} rows, ${total} problems (${pages} pages of 6 a setting), ${percent(outside / Math.max(1, total))} outside their ranges; ${misses} rows miss a target (◀: under ${target.templates} templates, one above ${target.share * 100} %, any outside${twoSteps ? ', or a setting that cannot be told' : ''})${twoSteps ? `; ${cannot} settings cannot be told` : ''}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
