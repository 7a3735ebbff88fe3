/**
 * `npm run bench:diagnosis`: the diagnosis on simulated classes. For each level, 1 000 classes of 30 children, each
 * child with 0 to 2 mistakes of the catalogue and a slip (a wrong digit) in 5 % of its answers, answering its own
 * version of a sheet of the level (one operation, or the four, a fifth of the classes each). Prints, per level: the
 * mistakes given, those that show on the child's sheet (they change at least two of its answers), the share of those
 * found (recall), the share of named mistakes that were given (precision), and the time to diagnose a class. Then
 * the reforço: each child with a mistake found (all those named given) gets a reforço sheet made from the mistakes
 * found (`reforcoOptions`), and the table gives the share of its problems on which one of the child's mistakes shows,
 * and how many of those sheets reach 60 %. CLASSES=100 for a quick run.
 */
import { LEVEL_NAMES, type Level } from '../src/index.js';
import { contaText, mistakeName } from '@app/diagnosis';
import {
  LEVEL_OPERATIONS,
  NO_FIGURES,
  addFigures,
  simulateClass,
  type ClassFigures,
} from '../test/support/simulate.js';

const CLASSES = Number(process.env.CLASSES ?? 1000);
const pct = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)} %`);

console.log(`diagnosis on ${CLASSES} simulated classes of 30 a level (slips 5 %)\n`);
console.log(
  '| level | children | mistakes given | show on the sheet | found (recall) | named | named right (precision) | ms to diagnose a class |',
);
console.log('|---|---|---|---|---|---|---|---|');
const reforcoRow = (name: string, f: ClassFigures) =>
  `| ${name} | ${f.reforcoSheets} | ${f.reforcoProblems} | ${f.reforcoShowing} (${pct(f.reforcoShowing, f.reforcoProblems)}) | ${f.reforcoSheetsAt60} (${pct(f.reforcoSheetsAt60, f.reforcoSheets)}) |`;
const reforcoRows: string[] = [];
let all = NO_FIGURES;
for (const level of [0, 1, 2] as Level[]) {
  let f = NO_FIGURES;
  for (let c = 0; c < CLASSES; c++)
    f = addFigures(f, simulateClass(c * 3 + level, level, LEVEL_OPERATIONS[level][c % 5]!));
  all = addFigures(all, f);
  reforcoRows.push(reforcoRow(LEVEL_NAMES[level], f));
  console.log(
    `| ${LEVEL_NAMES[level]} | ${f.children} | ${f.given} | ${f.findable} | ${f.foundOfFindable} (${pct(f.foundOfFindable, f.findable)}) | ${f.named} | ${f.namedRight} (${pct(f.namedRight, f.named)}) | ${(f.diagnoseMs / CLASSES).toFixed(1)} |`,
  );
}
console.log(
  `| all | ${all.children} | ${all.given} | ${all.findable} | ${all.foundOfFindable} (${pct(all.foundOfFindable, all.findable)}) | ${all.named} | ${all.namedRight} (${pct(all.namedRight, all.named)}) | ${(all.diagnoseMs / (3 * CLASSES)).toFixed(1)} |`,
);
console.log('\nreforço sheets made from the mistakes found (children whose named mistakes were all given)\n');
console.log('| level | sheets | problems | showing a mistake of the child | sheets at 60 % or more |');
console.log('|---|---|---|---|---|');
for (const row of [...reforcoRows, reforcoRow('all', all)]) console.log(row);
if (all.missed.length) {
  console.log('\nmistakes that showed and were not found (first 5):');
  for (const m of all.missed)
    console.log(
      `- ${mistakeName(m.mistake)} (with ${m.of.map(mistakeName).join(', ')}): ${m.answers
        .filter((p) => p.conta.op === m.mistake.id.split('.')[0])
        .map((p) => contaText(p.conta, p.answer!))
        .join('; ')}`,
    );
}
