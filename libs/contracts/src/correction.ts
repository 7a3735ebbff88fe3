import { z } from 'zod';
import type { ContaDecimal } from './decimal.js';
import { Msg } from './messages.js';
import { MistakeSchema } from './mistakes.js';
import { SET_VERSIONS_MAX } from './set-versions.js';

/**
 * Correção rápida: the answers a teacher types for each child's printed sheet, one cell per problem, marked right or
 * wrong by @app/diagnosis (`markOf`) in the browser and on the server. classroom keeps the cells; pages says what
 * each sheet asked.
 */

/** The most problems a sheet has (a custom page of facts in a line holds 60). */
export const SHEET_PROBLEMS_MAX = 100;
/** Cells one save carries. */
export const SAVE_ANSWERS_MAX = 200;
/** The largest number a cell takes (a product of two 5-digit numbers fits). */
export const TYPED_NUMBER_MAX = 10_000_000_000;

const sheetCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A decimal conta's casas (decimal.ts): its numbers are integers of its smallest unit. */
export const ContaDecimalSchema = z.object({
  casas: z.union([z.literal(1), z.literal(2)]),
  a: z.number().int().min(0).max(2),
  b: z.number().int().min(0).max(2),
  reais: z.literal(true).optional(),
}) satisfies z.ZodType<ContaDecimal>;

/** A conta with its result (and a division's resto), as a sheet's gabarito works it. */
export const WorkedConta = z.object({
  op: z.enum(['add', 'sub', 'mult', 'div']),
  a: z.number().int(),
  b: z.number().int(),
  result: z.number().int(),
  remainder: z.number().int(),
  /** A decimal conta (its numbers in units of its last casa); absent, naturais. */
  decimal: ContaDecimalSchema.optional(),
});

/** A custom page in the format `lacuna`: the term printed blank, which the learner finds (it is the answer). */
export const BlankTerm = z.enum(['a', 'b']);

/** A problem of a sheet as the gabarito knows it: its conta, and the answer the sheet expects. */
export const CorrectionProblem = WorkedConta.extend({
  blank: BlankTerm.optional(),
  /** A situação-problema: the answer is `result`, of its last conta, unless `answer` says another. */
  word: z.literal(true).optional(),
  /**
   * A situação-problema whose question asks another number than its conta's result, a whole number: "quantos são
   * necessários" the quotient + 1, cédulas e moedas how many pay the result; absent, the result.
   */
  answer: z.number().int().min(0).optional(),
});
export type CorrectionProblem = z.infer<typeof CorrectionProblem>;

/** One child's sheet: a page, or version `n` of a class set. */
export const CorrectionSheet = z.object({
  /** 1 for a page; the version's number in a set. */
  n: z.number().int().min(1).max(SET_VERSIONS_MAX),
  /** The sheet's page code (its QR code). */
  code: z.string(),
  /** 'Versão 5 de 30'; null for a page. */
  label: z.string().nullable(),
  /**
   * A version of a set made for a turma: the child's id (pages' answer to classroom) and, in the route's answer, the
   * child's name (classroom's); absent otherwise, or when the child has left the turma.
   */
  studentId: z.string().optional(),
  student: z.string().optional(),
  problems: z.array(CorrectionProblem).max(SHEET_PROBLEMS_MAX),
  /** The BNCC skills its sheet prints ('EF03MA05'), which the report sums up per skill. */
  bncc: z
    .array(z.string().regex(/^EF\d{2}MA\d{2}$/))
    .max(20)
    .optional(),
});
export type CorrectionSheet = z.infer<typeof CorrectionSheet>;

/**
 * What a sheet's owner asks pages to correct a bought page or class set: null when it is not a bought one of theirs.
 * A version's code (its sheet's QR) answers its whole set, under the set's code: the cells of a set are kept once.
 */
export const CorrectionSheets = z
  .object({
    /** The page's code, or the set's. */
    code: z.string(),
    title: z.string(),
    /** When it was bought: the progress of a term orders a turma's sheets by it. */
    boughtAt: z.string().datetime(),
    /** A set made for a turma: the turma's id (classroom's). */
    turmaId: z.string().uuid().optional(),
    sheets: z.array(CorrectionSheet).min(1).max(SET_VERSIONS_MAX),
  })
  .nullable();
export type CorrectionSheets = z.infer<typeof CorrectionSheets>;

const typedNumber = z
  .number({ message: Msg.typedAnswerInvalid })
  .int({ message: Msg.typedAnswerInvalid })
  .min(0, { message: Msg.typedAnswerInvalid })
  .max(TYPED_NUMBER_MAX, { message: Msg.typedAnswerInvalid });

/**
 * One cell as typed: what the child wrote for problem `problem` (0-based) of sheet `version`, or `blank` (em
 * branco); all null and not blank is a cell cleared. `at` is when it was typed (the browser's clock, ms): the last
 * write of a cell wins, however the saves arrive (two tabs, a retry after a dropped connection).
 */
export const TypedCell = z.object({
  version: z.number().int().min(1).max(SET_VERSIONS_MAX),
  problem: z
    .number()
    .int()
    .min(0)
    .max(SHEET_PROBLEMS_MAX - 1),
  result: typedNumber.nullable(),
  remainder: typedNumber.nullable(),
  blank: z.boolean(),
  at: z.number().int().min(0),
  /**
   * Read from a photo of the sheet ("Corrigir pela foto"), not yet confirmed by the teacher: marked "lido da foto" in
   * the grid until she confirms the sheet or changes the cell (a write without it).
   */
  photo: z.literal(true).optional(),
});
export type TypedCell = z.infer<typeof TypedCell>;

export const CorrectionQuery = z.object({ code: sheetCode });
export const Correction = z.object({
  /** The page's or the set's code, as asked. */
  code: z.string(),
  title: z.string(),
  /** A set made for one of the member's turmas: the turma (its report shows the turma's progress). */
  turmaId: z.string().uuid().optional(),
  sheets: z.array(CorrectionSheet),
  /** Every cell typed so far (the last write of each). */
  cells: z.array(TypedCell),
});
export type Correction = z.infer<typeof Correction>;

export const SaveAnswersBody = z.object({
  code: sheetCode,
  cells: z.array(TypedCell).min(1).max(SAVE_ANSWERS_MAX),
});
export type SaveAnswersBody = z.infer<typeof SaveAnswersBody>;

/** The progress of a term shows at most this many of a turma's corrected sheets: the latest of the period. */
export const PROGRESS_SHEETS_MAX = 10;

/** A day of the site's calendar (São Paulo), as `YYYY-MM-DD`. */
const siteDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** "Progresso no período": a turma's sheets corrected since a day (São Paulo), or all of them. */
export const TurmaProgressQuery = z.object({ turmaId: z.string().uuid(), since: siteDay.optional() });
export type TurmaProgressQuery = z.infer<typeof TurmaProgressQuery>;

const count = z.number().int().min(0);
/** A child's score on a sheet (as @app/diagnosis's `scoreOf` counts it). */
export const SheetScore = z.object({ right: count, wrong: count, blank: count, empty: count, total: count });

/**
 * A turma's progress over the sheets of a term: its sets bought in the period with something typed, oldest first,
 * and for each child (in the turma's order) the score on each sheet and each mistake found, sheet by sheet: 'seen'
 * (found), 'gone' (not found where the child answered at least two contas it changes), 'untested'.
 */
export const TurmaProgress = z.object({
  turma: z.string(),
  sheets: z
    .array(z.object({ code: z.string(), title: z.string(), boughtAt: z.string().datetime() }))
    .max(PROGRESS_SHEETS_MAX),
  /** Sheets of the period older than those shown. */
  older: count,
  children: z.array(
    z.object({
      name: z.string(),
      /** One per sheet: null when the child had no version of it, or nothing is typed on it. */
      scores: z.array(SheetScore.nullable()),
      trends: z.array(
        z.object({
          mistake: MistakeSchema,
          name: z.string(),
          marks: z.array(z.enum(['seen', 'gone', 'untested'])),
        }),
      ),
    }),
  ),
});
export type TurmaProgress = z.infer<typeof TurmaProgress>;
