import { z } from 'zod';
import { BlankTerm, WorkedConta } from '../../correction.js';
import { FOCO_MAX, MistakeSchema } from '../../mistakes.js';
import { CustomOptionsSchema } from '../../custom-options.js';
import { envelope } from '../../envelope.js';
import { Msg } from '../../messages.js';
import { LevelSchema, PageOptionsSchema, SET_VERSIONS_MAX } from '../../messaging.js';
import { ReadingMaps, ReadingMapsQuery } from '../../reading.js';
import { defineRoute } from '../route.js';

/** The routes pages answers: making, buying and downloading pages and class sets, saved settings, answers. */

const pageCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const CreatePageBody = PageOptionsSchema.refine((o) => o.add || o.sub || o.mult || o.div, {
  message: Msg.selectOperation,
});
export const createPage = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/page',
  access: 'user',
  summary: 'Generate a page (answers its code; the PDF renders in the background)',
  body: CreatePageBody,
  response: envelope(z.string()),
});

export const PageCodeQuery = z.object({ code: pageCode });
export const downloadPage = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/page',
  access: 'user',
  summary: 'Download a bought page as PDF',
  query: PageCodeQuery,
  produces: 'application/pdf',
});

export const thumb = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/thumb',
  access: 'user',
  summary: "PNG preview of one of the user's pages",
  query: PageCodeQuery,
  produces: 'image/png',
});

export const BuyBody = z.object({ code: pageCode });
export const buy = defineRoute({
  owner: 'pages',
  spends: 'money',
  method: 'POST',
  path: '/api/buy',
  access: 'user',
  summary: 'Buy a page for R$ 0,50 (buying twice charges once)',
  body: BuyBody,
  response: envelope(z.object({ balance: z.number() })),
});

// Class sets, "Uma folha para cada aluno": N versions of the same options, each a page of its own (code,
// seed, QR), bought together for N × R$ 0,50 and downloaded as one file. One version is a single page (the routes above).
export const CreatePageSetBody = PageOptionsSchema.extend({
  /**
   * A set for a turma ("Minhas turmas"): version N carries child N's name on its "Nome:" line; `versions` is the
   * turma's number of children.
   */
  turmaId: z.string().uuid().optional(),
  versions: z
    .number({ message: Msg.setVersionsRange })
    .int({ message: Msg.setVersionsRange })
    .min(2, { message: Msg.setVersionsRange })
    .max(SET_VERSIONS_MAX, { message: Msg.setVersionsRange }),
}).refine((o) => o.add || o.sub || o.mult || o.div, { message: Msg.selectOperation });
export const PageSetCreated = z.object({
  /** The set's own code: buy, progress and download. */
  code: z.string(),
  /** Its versions' page codes in order ('Versão 1 de N' first): the preview shows the first. */
  codes: z.array(z.string()),
});
export const createPageSet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/pageSet',
  access: 'user',
  summary:
    'Generate a class set of 2 to 40 versions (answers the set code and its versions; previews the first)',
  body: CreatePageSetBody,
  response: envelope(PageSetCreated),
});

/**
 * "Reforço": a new class set made from a corrected one (`code`), each version for the same child as the version of
 * the same number, practising the mistakes the correction found in that child's answers (`foco`, from the grid's
 * diagnosis; empty on a corrected sheet: none found, the same options a step further; a sheet not `corrected` yet
 * gets the same options). Made as a set is (the account's room, a preview of version 1) and bought as any set.
 */
export const CreateReforcoSetBody = z.object({
  code: pageCode,
  versions: z
    .array(z.object({ corrected: z.boolean(), foco: z.array(MistakeSchema).max(FOCO_MAX) }))
    .min(2)
    .max(SET_VERSIONS_MAX),
});
export const createReforcoSet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/reforcoSet',
  access: 'user',
  summary:
    "Generate a reforço set from a corrected set: each child's version practises the child's mistakes (answers the set code and its versions)",
  body: CreateReforcoSetBody,
  response: envelope(PageSetCreated),
});

export const SetCodeQuery = z.object({ code: pageCode });
export const SetProgress = z.object({
  /** Versions whose PDF is printed. */
  done: z.number().int(),
  total: z.number().int(),
  /** The set's one file is assembled. */
  ready: z.boolean(),
  /** The purchase is done: charged once, the set in Minhas Compras and ready to download. */
  bought: z.boolean(),
});
export const getSetProgress = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/setProgress',
  access: 'user',
  summary: "How far a set's printing is ('Gerando versão 12 de 30')",
  query: SetCodeQuery,
  response: envelope(SetProgress),
});

/**
 * POST /api/buySet's answer. 200: bought (now or before), the balance after it. 202 (`pending`, the message
 * Msg.setRendering): the price is held and the set is being printed; it is charged once its file is made, which
 * GET /api/setProgress tells (`bought`).
 */
export const SetPurchase = z.object({
  /** The balance after the purchase, in reais; null while it is being printed. */
  balance: z.number().nullable(),
  /** true: the purchase goes on after this answer (202). */
  pending: z.boolean().optional(),
});
export const buySet = defineRoute({
  owner: 'pages',
  spends: 'money',
  method: 'POST',
  path: '/api/buySet',
  access: 'user',
  summary:
    'Buy a class set for N × R$ 0,50 in one debit (its price held before printing; buying twice charges once; 202 while it is printed, then follow /api/setProgress until bought; 409 while another set of the account prints)',
  body: BuyBody,
  response: envelope(SetPurchase),
});

export const downloadSet = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/pageSet',
  access: 'user',
  summary: 'Download a bought class set as one PDF',
  query: SetCodeQuery,
  produces: 'application/pdf',
});

export const getMyPages = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/getMyPages',
  access: 'user',
  summary: 'Bought pages, newest first',
  // title (generator's sheetTitle: what it practises and its level) and level, so that Minhas Compras names it.
  response: envelope(
    z.array(
      z.object({
        code: z.string(),
        created_at: z.string(),
        title: z.string(),
        level: LevelSchema,
        /** The page's settings ("Gerar outra igual" opens the builder with them). */
        options: PageOptionsSchema,
        /**
         * A class set is one card: `code` is its first version's, `set` the set's own code (the whole file
         * downloads from it) and its versions' codes in order. Absent for a single page.
         */
        set: z
          .object({ code: z.string(), versions: z.number().int(), codes: z.array(z.string()) })
          .optional(),
      }),
    ),
  ),
});

// Saved configurations, "Minhas folhas salvas": a member names a builder's settings to start from later.
export const SAVED_SHEET_NAME_MAX = 40;
/** How many configurations a member may keep. */
export const SAVED_SHEETS_MAX = 50;
export const SavedSheet = z.object({
  id: z.string(),
  name: z.string(),
  options: PageOptionsSchema,
  createdAt: z.string(),
});
export const getSavedSheets = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/getSavedSheets',
  access: 'user',
  summary: "The member's saved builder settings, by name",
  response: envelope(z.array(SavedSheet)),
});
export const SaveSheetBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: Msg.savedSheetNameRequired })
    .max(SAVED_SHEET_NAME_MAX, { message: Msg.savedSheetNameTooLong })
    .regex(/^[^\p{Cc}]*$/u, { message: Msg.savedSheetNameRequired }),
  options: CreatePageBody,
});
export const saveSheet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/saveSheet',
  access: 'user',
  summary: 'Save the builder settings under a name (the same name again replaces them)',
  body: SaveSheetBody,
  response: envelope(SavedSheet),
});
export const DeleteSavedSheetBody = z.object({ id: z.string().uuid() });
export const deleteSavedSheet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/deleteSavedSheet',
  access: 'user',
  summary: "Delete one of the member's saved settings",
  body: DeleteSavedSheetBody,
  response: envelope(z.null()),
});

/** A problem of a page with its answer (public gabarito). */
const AnsweredProblem = WorkedConta.extend({
  blank: BlankTerm.optional(),
  /**
   * A situação-problema (format `problemas`): its text and the answer as a sentence with its unit, as the gabarito
   * prints them; for a problem in two steps, both contas in the order they are done (the second is this problem's).
   */
  word: z
    .object({
      statement: z.string(),
      question: z.string(),
      answerSentence: z.string(),
      steps: z.array(WorkedConta).length(2).optional(),
    })
    .optional(),
});
export const pageAnswers = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/answers',
  // The QR code is on the student's sheet, so its link is no secret: only the buyer (or an admin) reads the answers.
  access: 'user',
  unauthorizedMessage: Msg.answersBuyerOnly,
  summary:
    "The answers of a bought page (the sheet's QR code), for the account that bought it and the admin; nothing about its buyer",
  query: PageCodeQuery,
  response: envelope(
    z.object({
      /** The page's name: the teacher's title, else what it practises (the generator's sheetName). */
      title: z.string(),
      level: LevelSchema,
      /** Made with "Personalizar": it has no level ('Personalizada'). */
      custom: z.boolean(),
      /** A class set's version: "Versão 5 de 30". */
      version: z.string().optional(),
      /** A custom page's format; absent: a preset page, its contas armadas. */
      format: CustomOptionsSchema.shape.format.optional(),
      problems: z.array(AnsweredProblem),
    }),
  ),
});

/** "Corrigir pela foto": where each bought sheet printed its answer boxes, for the reader of its photos. */
export const getReadingMaps = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/readingMaps',
  access: 'user',
  summary:
    "Where the answer boxes of a bought page's or class set's sheets are printed (null: a sheet printed before they had boxes), for the buyer",
  query: ReadingMapsQuery,
  response: envelope(ReadingMaps),
});
