import { describe, expect, it } from 'vitest';
import type { CorrectionProblem, CorrectionSheet, TypedCell } from '@app/contracts';
import { answerWith, describeFound, type Switches } from '@app/diagnosis';
import {
  averageText,
  barShare,
  childScoreText,
  classReport,
  correctedText,
  countText,
  dateText,
  namesText,
  type ClassReport,
} from '../../src/routes/member/correction/report';
import {
  canMakeReforco,
  reforcoBody,
  reforcoMadeText,
  reforcoPlanText,
} from '../../src/routes/member/correction/reforco';
import { childOf } from '../../src/routes/member/correction/sheetText';
import { SKILL_BELOW_LABEL, skillCountText, skillLines } from '../../src/routes/member/correction/skills';

const conta = (op: CorrectionProblem['op'], a: number, b: number): CorrectionProblem => {
  const right = answerWith({ op, a, b });
  return { op, a, b, result: right.result, remainder: right.remainder ?? 0 };
};

/** Ten problems: three subtractions com reserva and one without, three multiplications that use 7 × 8, three others. */
const PROBLEMS: CorrectionProblem[] = [
  conta('sub', 52, 27),
  conta('sub', 61, 28),
  conta('sub', 74, 38),
  conta('sub', 45, 12),
  conta('mult', 78, 8),
  conta('mult', 67, 8),
  conta('mult', 48, 7),
  conta('mult', 23, 3),
  conta('add', 35, 24),
  conta('div', 84, 4),
];

const sheet = (n: number, student?: string, problems = PROBLEMS): CorrectionSheet => ({
  n,
  code: `V${n}`,
  label: `Versão ${n} de 7`,
  ...(student ? { student } : {}),
  problems,
});

type Written = 'blank' | 'cleared' | { result: number; remainder?: number };

/** A sheet's cells as the teacher typed them: each problem answered by the written algorithm with `on` switched on. */
function cellsOf(
  s: CorrectionSheet,
  on: Switches,
  overrides: Record<number, Written> = {},
  problems = s.problems.map((_, i) => i),
): TypedCell[] {
  return problems.map((i) => {
    const p = s.problems[i]!;
    const w: Written = overrides[i] ?? answerWith(p, on);
    const base = { version: s.n, problem: i, at: 1000 + i };
    if (w === 'blank') return { ...base, result: null, remainder: null, blank: true };
    if (w === 'cleared') return { ...base, result: null, remainder: null, blank: false };
    return { ...base, result: w.result, remainder: p.op === 'div' ? (w.remainder ?? 0) : null, blank: false };
  });
}

const SMALLER: Switches = { sub: { menorDoMaior: true } };
const FACT_54: Switches = { mult: { fact: { x: 7, y: 8, value: 54 } } };
const FACT_63: Switches = { mult: { fact: { x: 8, y: 7, value: 63 } } };

/**
 * A turma of seven sheets: Ana subtracts the smaller digit from the larger; Bruno does that and holds 7 × 8 as 54;
 * Carla holds 7 × 8 as 54; Davi holds 7 × 8 as 63 and writes 12 for 35 + 24 (nothing explains it); version 5 (a
 * child who left the turma: no name) holds 7 × 8 as 54, slips once (84 ÷ 4 → 22) and leaves 23 × 3 blank; Fábio's
 * sheet has nothing typed; version 7 only a cell typed and cleared.
 */
function turma(): { sheets: CorrectionSheet[]; cells: TypedCell[] } {
  const sheets = [
    sheet(1, 'Ana S.'),
    sheet(2, 'Bruno T.'),
    sheet(3, 'Carla U.'),
    sheet(4, 'Davi V.'),
    sheet(5),
    sheet(6, 'Fábio X.'),
    sheet(7),
  ];
  const [ana, bruno, carla, davi, five, , seven] = sheets;
  const cells = [
    ...cellsOf(ana!, SMALLER),
    ...cellsOf(bruno!, { ...SMALLER, ...FACT_54 }),
    ...cellsOf(carla!, FACT_54),
    ...cellsOf(davi!, FACT_63, { 8: { result: 12 } }),
    ...cellsOf(five!, FACT_54, { 7: 'blank', 9: { result: 22, remainder: 0 } }),
    ...cellsOf(seven!, {}, { 0: 'cleared' }, [0]),
  ];
  return { sheets, cells };
}

const lines = (report: ClassReport) => report.errors.map((l) => [l.name, l.children]);

describe('Relatório da turma: the correction summed up', () => {
  it('counts a sheet corrected once one of its answers is typed, and lists the rest as not corrected', () => {
    const { sheets, cells } = turma();
    const report = classReport(sheets, cells);
    expect(report.total).toBe(7);
    expect(report.corrected.map((c) => c.name)).toEqual([
      'Ana S.',
      'Bruno T.',
      'Carla U.',
      'Davi V.',
      'Versão 5',
    ]);
    // Nothing typed, or a cell typed and cleared: not corrected yet.
    expect(report.pending.map((s) => s.n)).toEqual([6, 7]);
    expect(correctedText(report)).toBe('Folhas corrigidas: 5 de 7');
    // A sheet with only its first answer typed counts.
    const one = classReport(sheets.slice(0, 2), cellsOf(sheets[0]!, {}, {}, [0]));
    expect(correctedText(one)).toBe('Folhas corrigidas: 1 de 2');
    expect(childScoreText(one.corrected[0]!.score)).toBe('Acertos: 1 de 10 · 9 contas sem resposta digitada');
  });

  it('groups each mistake across the children (a wrong fact per fact), most children first', () => {
    const { sheets, cells } = turma();
    const report = classReport(sheets, cells);
    expect(lines(report)).toEqual([
      ['Fato da tabuada: 7 × 8 = 54', ['Bruno T.', 'Carla U.', 'Versão 5']],
      ['Subtrai o menor do maior em cada coluna', ['Ana S.', 'Bruno T.']],
      ['Fato da tabuada: 7 × 8 = 63', ['Davi V.']],
      ['Erro de cálculo', ['Versão 5']],
      ['Não identificado', ['Davi V.']],
    ]);
    expect(report.errors.map((l) => l.kind)).toEqual([
      'mistake',
      'mistake',
      'mistake',
      'slip',
      'unexplained',
    ]);
    const [fact, smaller] = report.errors;
    expect(countText(fact!, 5)).toBe('3 de 5 alunos');
    expect(namesText(fact!.children)).toBe('Bruno T., Carla U. e Versão 5');
    expect(namesText(smaller!.children)).toBe('Ana S. e Bruno T.');
    expect(barShare(fact!, 5)).toBe(60);
    expect(barShare(smaller!, 5)).toBe(40);
  });

  it('keeps the catalogue’s order between mistakes shown by as many children', () => {
    const { sheets, cells } = turma();
    // Without version 5, 7 × 8 = 54 and "menor do maior" are 2 children each: the subtraction comes first.
    const report = classReport(sheets.slice(0, 4), cells);
    expect(lines(report).slice(0, 3)).toEqual([
      ['Subtrai o menor do maior em cada coluna', ['Ana S.', 'Bruno T.']],
      ['Fato da tabuada: 7 × 8 = 54', ['Bruno T.', 'Carla U.']],
      ['Fato da tabuada: 7 × 8 = 63', ['Davi V.']],
    ]);
    expect(countText(report.errors[0]!, 4)).toBe('2 de 4 alunos');
  });

  it('counts two children of the same name as two', () => {
    const twins = [sheet(1, 'Ana S.'), sheet(2, 'Ana S.')];
    const report = classReport(twins, [...cellsOf(twins[0]!, SMALLER), ...cellsOf(twins[1]!, SMALLER)]);
    expect(lines(report)).toEqual([['Subtrai o menor do maior em cada coluna', ['Ana S.', 'Ana S.']]]);
  });

  it('averages the right answers of the sheets corrected, with a decimal comma', () => {
    const { sheets, cells } = turma();
    const report = classReport(sheets, cells);
    // Ana 7, Bruno 4, Carla 7, Davi 6, version 5: 5 (3 facts, the slip, the blank).
    expect(report.corrected.map((c) => c.score.right)).toEqual([7, 4, 7, 6, 5]);
    expect(averageText(report)).toBe('Média da turma: 5,8 de 10');
    expect(averageText(classReport(sheets, []))).toBeNull();
    // A whole number has no decimal.
    expect(averageText(classReport(sheets.slice(0, 1), cells))).toBe('Média da turma: 7 de 10');
    // Sheets of different sizes: in per cent.
    const short = sheet(2, 'Bruno T.', PROBLEMS.slice(0, 4));
    const mixed = classReport(
      [sheets[0]!, short],
      [...cells.filter((c) => c.version === 1), ...cellsOf(short, {})],
    );
    expect(averageText(mixed)).toBe('Média da turma: 85% de acertos');
  });

  it('says each child’s score, em branco, and the mistakes in the teacher’s sentence', () => {
    const { sheets, cells } = turma();
    const report = classReport(sheets, cells);
    const [ana, , , , five] = report.corrected;
    expect(childScoreText(ana!.score)).toBe('Acertos: 7 de 10');
    expect(childScoreText(five!.score)).toBe('Acertos: 5 de 10 · 1 em branco');
    expect(ana!.diagnosis.mistakes.map((m) => m.name)).toEqual(['Subtrai o menor do maior em cada coluna']);
    expect(describeFound(ana!.diagnosis.mistakes[0]!, childOf(ana!.sheet))).toBe(
      'Em 3 de 3 subtrações com reserva, Ana S. subtraiu o menor do maior: 52 − 27 → 35',
    );
    expect(describeFound(five!.diagnosis.mistakes[0]!, childOf(five!.sheet))).toBe(
      'Em 3 de 3 multiplicações que usam 7 × 8, o aluno usou 7 × 8 = 54: 78 × 8 → 604',
    );
    expect(five!.diagnosis.slips.map((p) => p.answer)).toEqual([{ result: 22, remainder: 0 }]);
  });

  it('reports a page with no mistake', () => {
    const page: CorrectionSheet = { n: 1, code: 'P', label: null, problems: PROBLEMS };
    const report = classReport([page], cellsOf(page, {}));
    expect(report.corrected.map((c) => c.name)).toEqual(['Folha']);
    expect(report.errors).toEqual([]);
    expect(averageText(report)).toBe('Média da turma: 10 de 10');
    expect(countText({ kind: 'slip', name: 'Erro de cálculo', children: ['Folha'] }, 1)).toBe('1 de 1 aluno');
  });

  it('dates the report in São Paulo time', () => {
    // 02:30 UTC is still the evening before in São Paulo.
    expect(dateText('2026-03-05T02:30:00Z')).toBe('Data: 04/03/2026');
    expect(dateText(new Date('2026-11-29T15:00:00Z'))).toBe('Data: 29/11/2026');
  });
});

describe('Reforço', () => {
  it('sends each sheet in order: a corrected one with its child’s mistakes, one not corrected yet as such', () => {
    const { sheets, cells } = turma();
    const body = reforcoBody('SET', classReport(sheets, cells));
    expect(body.code).toBe('SET');
    expect(body.versions.map((v) => [v.corrected, v.foco.map((m) => m.id)])).toEqual([
      [true, ['sub.menorDoMaior']],
      [true, ['sub.menorDoMaior', 'mult.fato']],
      [true, ['mult.fato']],
      [true, ['mult.fato']],
      [true, ['mult.fato']],
      [false, []],
      [false, []],
    ]);
    expect(body.versions[2]!.foco[0]).toEqual({ id: 'mult.fato', fact: { x: 7, y: 8, value: 54 } });
  });

  it('says what it makes for the class, and is offered once a set has a sheet corrected', () => {
    const { sheets, cells } = turma();
    const report = classReport(sheets, cells);
    expect(reforcoPlanText(report)).toBe(
      '5 alunos praticam os seus erros sistemáticos; 2 alunos ainda não corrigidos recebem as mesmas opções.',
    );
    const anaOnly = classReport(sheets.slice(0, 2), cellsOf(sheets[0]!, {}));
    expect(reforcoPlanText(anaOnly)).toBe(
      '1 aluno segue um passo adiante; 1 aluno ainda não corrigido recebe as mesmas opções.',
    );
    expect(canMakeReforco(report)).toBe(true);
    expect(canMakeReforco(classReport(sheets, []))).toBe(false);
    expect(canMakeReforco(classReport(sheets.slice(0, 1), cellsOf(sheets[0]!, SMALLER)))).toBe(false);
    expect(reforcoMadeText(30)).toBe('Reforço gerado: 30 versões, uma para cada aluno.');
  });
});

describe('Por habilidade da BNCC', () => {
  it('counts for each skill the sheets print the children with 80 % of its contas right, and names the others', () => {
    const { sheets, cells } = turma();
    const printed = sheets.map((s) => ({ ...s, bncc: ['EF03MA05', 'EF04MA06', 'EF03MA08'] }));
    const lines = skillLines(classReport(printed, cells));
    expect(lines.map((l) => [l.code, l.what, l.of, l.reached, l.below])).toEqual([
      ['EF03MA05', 'adição e subtração', 5, ['Carla U.', 'Davi V.', 'Versão 5'], ['Ana S.', 'Bruno T.']],
      ['EF04MA06', 'multiplicação', 5, ['Ana S.'], ['Bruno T.', 'Carla U.', 'Davi V.', 'Versão 5']],
      ['EF03MA08', 'divisão', 5, ['Ana S.', 'Bruno T.', 'Carla U.', 'Davi V.'], ['Versão 5']],
    ]);
    expect(skillCountText(lines[0]!)).toBe('3 de 5 alunos acertaram 80 % ou mais');
    expect(skillCountText(lines[1]!)).toBe('1 de 5 alunos acertou 80 % ou mais');
    expect(SKILL_BELOW_LABEL).toBe('Abaixo de 80 %:');
    // Sheets that print no codes (a page stored before them) make no line.
    expect(skillLines(classReport(sheets, cells))).toEqual([]);
  });
});
