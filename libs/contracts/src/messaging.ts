import { z } from 'zod';
import { CorrectionSheets } from './correction.js';
import { SET_VERSIONS_MAX } from './set-versions.js';
import { CustomOptionsSchema } from './custom-options.js';
import { FocoSchema } from './mistakes.js';
import { LEVEL_VALUES, type Level } from './levels.js';
import type { ProcessName } from './processes.js';

/**
 * Every NATS subject of the system and the schema of what travels on it.
 * Naming: `<service>.v1.<action>` request/reply, `jobs.<service>.<action>` work queues,
 * `events.<service>.<entity>.<past-tense>` events. Nothing else writes a subject string.
 */
export interface RpcDef<Req extends z.ZodType, Res extends z.ZodType> {
  kind: 'rpc';
  subject: string;
  request: Req;
  response: Res;
}
export interface MessageDef<P extends z.ZodType> {
  kind: 'job' | 'event';
  subject: string;
  stream: StreamName;
  payload: P;
}

const rpc = <Req extends z.ZodType, Res extends z.ZodType>(subject: string, request: Req, response: Res) =>
  ({ kind: 'rpc', subject, request, response }) as RpcDef<Req, Res>;
const job = <P extends z.ZodType>(subject: string, stream: StreamName, payload: P) =>
  ({ kind: 'job', subject, stream, payload }) as MessageDef<P>;
const event = <P extends z.ZodType>(subject: string, payload: P) =>
  ({ kind: 'event', subject, stream: 'EVENTS', payload }) as MessageDef<P>;

/** JetStream streams. Work queues remove a message once acked; EVENTS keeps history for projections. */
export const Streams = {
  JOBS_MAIL: { subjects: ['jobs.mail.>'], retention: 'workqueue' },
  JOBS_PDF: { subjects: ['jobs.pdf.>'], retention: 'workqueue' },
  /** pages' own work: a class set's purchase, carried to its end by whichever pages replica takes it. */
  JOBS_PAGES: { subjects: ['jobs.pages.>'], retention: 'workqueue' },
  EVENTS: { subjects: ['events.>'], retention: 'limits' },
} as const;
export type StreamName = keyof typeof Streams;

/**
 * JetStream Object Store buckets (streams `OBJ_<name>`): files written by one service and read by others.
 * RENDERS holds each page's `<code>.pdf` and `<code>.png` (`renderFiles`), written by pdf-worker and read by every
 * pages replica, which hears of each new file through the bucket's watch.
 */
export const Buckets = {
  RENDERS: { description: 'Rendered exercise pages: <code>.pdf and <code>.png' },
} as const;
export type BucketName = keyof typeof Buckets;

/**
 * The limits that every replica counts in one place (libs/kit `limits/`): a JetStream stream
 * `LIMITS_<NAME>` for each, its subjects `limits.<name>.<key>` (the key an HMAC of the account or the address: no email
 * or address in a subject), at most the limit's messages on one subject: the server refuses one more, atomically,
 * whichever replica asks (discard new per subject). A slot of a `rate` limit is never given back: it ages out after
 * the window (a sliding window). A `concurrency` slot is given back (its message deleted) when the work ends; its age
 * bounds only what a process that died holding it keeps. `owner`: the one process that takes and gives back its slots.
 */
export const Limits = {
  /** Requests per route and client address on the routes that declare `rateLimited` (sign-in, sign-up, recovery). */
  AUTH_REQUESTS: { kind: 'rate', owner: 'gateway' },
  /** Mercado Pago's notifications per client address. */
  WEBHOOK_REQUESTS: { kind: 'rate', owner: 'gateway' },
  /** Requests in progress per client address (the member's live stream apart). */
  REQUESTS_IN_PROGRESS: { kind: 'concurrency', owner: 'gateway' },
  /** Live streams (GET /api/memberEvents) per account, per client address, and in all (one key). */
  MEMBER_STREAMS_ACCOUNT: { kind: 'concurrency', owner: 'gateway' },
  MEMBER_STREAMS_ADDRESS: { kind: 'concurrency', owner: 'gateway' },
  MEMBER_STREAMS_TOTAL: { kind: 'concurrency', owner: 'gateway' },
  /** Pages (or class sets) an account creates per minute. */
  PAGES_CREATED: { kind: 'rate', owner: 'pages' },
  /** An account's previews not drawn yet. */
  PREVIEWS_WAITING: { kind: 'concurrency', owner: 'pages' },
  /** Activation emails that sign-ups send to new inboxes, per client address. */
  ACTIVATION_MAILS: { kind: 'rate', owner: 'auth' },
} as const satisfies Record<string, { kind: 'rate' | 'concurrency'; owner: ProcessName }>;
export type LimitName = keyof typeof Limits;
/** A limit's stream (under the stack's prefix, like every stream): `LIMITS_<NAME>`. */
export const limitStream = (name: LimitName): LimitStreamName => `LIMITS_${name}`;
export type LimitStreamName = `LIMITS_${LimitName}`;
/** A limit's subjects: `limits.<name>.<key>` (under the stack's prefix); every limit's: `limits.>`. */
export const limitSubject = (name: LimitName, key: string) => `limits.${name.toLowerCase()}.${key}`;
export const LIMIT_SUBJECTS = 'limits.>';

/**
 * The names of a page's rendered files in the RENDERS bucket: the PDF, the preview, and (a sheet to be read from a
 * photo, rules 5) where the PDF printed its answer boxes, stored before the PDF.
 */
export const renderFiles = (code: string) => ({
  pdf: `${code}.pdf`,
  png: `${code}.png`,
  reading: `${code}.reading.json`,
});

/**
 * The pdf-worker's durable consumers of JOBS_PDF, one per kind of render: every worker replica pulls from both,
 * previews get a free tab before documents, and KEDA scales on their pending counts.
 */
export const RENDER_CONSUMERS = {
  preview: 'pdf-worker-preview',
  document: 'pdf-worker-document',
  /** Class sets' assembly. */
  set: 'pdf-worker-set',
  /** Class sets' versions: taken only when no preview or page's PDF waits for a tab. */
  version: 'pdf-worker-version',
} as const;

/** What an account is: a member (`user`) or the admin. */
export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;
const IsoDate = z.string();
/** A difficulty level (the table of levels.ts). */
export const LevelSchema = z.literal(LEVEL_VALUES) satisfies z.ZodType<Level>;

export const PublicUser = z.object({
  _id: z.string(),
  fullname: z.string(),
  email: z.string(),
  fromGoogle: z.boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type PublicUser = z.infer<typeof PublicUser>;

export const PageOptionsSchema = z.object({
  add: z.boolean(),
  sub: z.boolean(),
  mult: z.boolean(),
  div: z.boolean(),
  answers: z.boolean(),
  level: LevelSchema,
  /** An extra header line with "Escola" and "Professor(a)" (for teachers); absent means no. */
  school: z.boolean().optional(),
  /** "Personalizar": absent, the page is drawn by its level's preset. */
  custom: CustomOptionsSchema.optional(),
});

/**
 * A page's options as pages stores them and the worker draws them: the builder's (PageOptionsSchema), and for a
 * version of a reforço set the child's mistakes it practises (`foco`, the generator's foco.ts). The builder never
 * sends `foco`: pages sets it from a correction.
 */
export const StoredPageOptionsSchema = PageOptionsSchema.extend({ foco: FocoSchema.optional() });

export { SET_VERSIONS_MAX } from './set-versions.js';

/** A version's place in its class set, printed on its sheet and gabarito as 'Versão 7 de 30'. */
export const SetVersion = z.object({
  n: z.number().int().min(1).max(SET_VERSIONS_MAX),
  of: z.number().int().min(2).max(SET_VERSIONS_MAX),
});
export type SetVersion = z.infer<typeof SetVersion>;

/**
 * What a purchase is called in billing: `page:<code>` for a page, `set:<setCode>` for a class set. Its hold
 * is taken once per key, and its debit's ledger line carries it (a key debits once).
 */
export const PurchaseKey = z.string().regex(/^(page|set):[A-Za-z0-9_-]{1,64}$/);

/** A page to render, from what pages stores: the same code always renders the same problems. */
const RenderJob = z.object({
  code: z.string(),
  seed: z.string(),
  options: StoredPageOptionsSchema,
  /** The generator's rules version the page was drawn with; absent: a page stored before versions (rules 1). */
  rules: z.number().int().min(1).max(99).optional(),
  /** A version of a class set: the label its sheet and gabarito print beside the code; absent for a single page. */
  version: SetVersion.optional(),
  /**
   * A version of a set made for a turma: the child it is for, by id only (a name never travels in a message that is
   * stored); the worker asks classroom for the names to print (`classroom.v1.sheetNames`) as it draws the sheet.
   */
  student: z.object({ id: z.string().uuid() }).optional(),
});

/**
 * A class set to assemble, once every version's `<code>.pdf` is stored: one file `<setCode>.pdf` with the
 * student sheets in order, then the gabarito of every version, then an answer table of the whole set.
 */
const AssembleSetJob = z.object({
  setCode: z.string(),
  options: PageOptionsSchema,
  rules: z.number().int().min(1).max(99).optional(),
  /** In version order (the first is 'Versão 1 de N'). */
  versions: z
    .array(
      z.object({
        code: z.string(),
        seed: z.string(),
        student: z.object({ id: z.string().uuid() }).optional(),
        /** A version whose options are not the set's: a reforço version, with the child's `foco`. */
        options: StoredPageOptionsSchema.optional(),
      }),
    )
    .min(2)
    .max(SET_VERSIONS_MAX),
});

/**
 * A class set's purchase whose price is held (`holdId`, billing's answer to the hold) and whose file is not stored
 * yet: the job that prints its versions, assembles the set, and turns the hold into the debit.
 */
const SetPurchaseJob = z.object({
  userId: z.string().min(1),
  setCode: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  holdId: z.string().min(1),
});

export const UserStats = z.object({
  totalUsers: z.number(),
  usersGoogle: z.number(),
  usersLocal: z.number(),
});
export const PaymentStats = z.object({
  totalPayments: z.number(),
  paymentsFinished: z.number(),
  paymentsPending: z.number(),
  /** Credited payments of which a refund or chargeback took back some or all (counted in paymentsFinished too). */
  paymentsReversed: z.number(),
});
export const PageStats = z.object({
  totalPages: z.number(),
  pagesWithPayments: z.number(),
  pagesWithoutPayments: z.number(),
});

/** top_up: a credited Mercado Pago payment; purchase: a page bought; reversal: a refund or chargeback of a top-up. */
export const StatementKind = z.enum(['top_up', 'purchase', 'reversal']);
export type StatementKind = z.infer<typeof StatementKind>;

export const StatementEntry = z.object({
  id: z.string(),
  /** ISO 8601. */
  at: IsoDate,
  kind: StatementKind,
  /** pt-BR, e.g. 'Recarga via Mercado Pago'. */
  description: z.string(),
  /** Signed: positive for a top-up, negative for a purchase or a reversal. */
  amountCents: z.number().int(),
  /** The balance right after this entry. */
  balanceAfterCents: z.number().int(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;

/** A top-up whose payment Mercado Pago reported pending (Pix, boleto, under review): not in the balance yet. */
export const PendingTopUp = z.object({
  /** The top-up's id. */
  id: z.string(),
  /** When the top-up was asked for (ISO 8601). */
  at: IsoDate,
  /** pt-BR, 'Recarga via Mercado Pago (aguardando confirmação)'. */
  description: z.string(),
  amountCents: z.number().int().positive(),
});
export type PendingTopUp = z.infer<typeof PendingTopUp>;

export const Statement = z.object({
  /** Top-ups paid but not confirmed yet, newest first: listed apart, they are not in the balance. */
  pending: z.array(PendingTopUp),
  /** Newest first, at most STATEMENT_MAX_ENTRIES. */
  entries: z.array(StatementEntry),
  /** Older entries exist beyond the ones answered. */
  hasOlder: z.boolean(),
});
export type Statement = z.infer<typeof Statement>;

/** billing's part of a member's data export: the whole statement and every top-up (payment attempt). */
export const BillingDataExport = z.object({
  /** Oldest first, as a statement on paper reads. */
  statement: z.array(StatementEntry),
  /** Older entries exist beyond the ones exported (only past billing's export bound). */
  statementHasOlder: z.boolean(),
  payments: z.array(
    z.object({
      topUpId: z.string(),
      amountCents: z.number().int(),
      /** pending: not credited (yet); credited: the payment was approved and credited. */
      status: z.enum(['pending', 'credited']),
      /** Mercado Pago's last known status of the payment (approved, refunded, ...), when known. */
      paymentStatus: z.string().nullable(),
      createdAt: IsoDate,
      creditedAt: IsoDate.nullable(),
    }),
  ),
});
export type BillingDataExport = z.infer<typeof BillingDataExport>;

/**
 * pages' part of a member's data export: the bought pages with the settings they were generated with, and the
 * member's saved builder settings ("Minhas folhas salvas"; absent from a pages replica older than them,
 * which holds none).
 */
export const PagesDataExport = z.object({
  purchases: z.array(
    z.object({ code: z.string(), createdAt: IsoDate, boughtAt: IsoDate, settings: StoredPageOptionsSchema }),
  ),
  savedSheets: z
    .array(z.object({ name: z.string(), createdAt: IsoDate, settings: PageOptionsSchema }))
    .default([]),
});
export type PagesDataExport = z.infer<typeof PagesDataExport>;

/**
 * classroom's part of a member's data export: their turmas with their children's names, in the turma's order
 * (LGPD art. 14 and 18: the names a teacher typed are hers to take).
 */
export const ClassroomDataExport = z.object({
  turmas: z.array(z.object({ name: z.string(), createdAt: IsoDate, students: z.array(z.string()) })),
  /** What was typed of each corrected sheet (Correção rápida), by the page's or set's code. */
  corrections: z
    .array(
      z.object({
        code: z.string(),
        cells: z.array(
          z.object({
            version: z.number().int(),
            problem: z.number().int(),
            result: z.number().int().nullable(),
            remainder: z.number().int().nullable(),
            blank: z.boolean(),
          }),
        ),
      }),
    )
    .default([]),
});
export type ClassroomDataExport = z.infer<typeof ClassroomDataExport>;

export const Rpc = {
  /**
   * Gateway → auth: full session check (signature, expiry, token version, active user). A valid answer carries the
   * user's current token version, which the gateway caches until `Events.sessionsRevoked` says it changed.
   */
  authVerifySession: rpc(
    'auth.v1.verifySession',
    z.object({ token: z.string() }),
    z.discriminatedUnion('valid', [
      z.object({
        valid: z.literal(true),
        userId: z.string(),
        role: Role,
        tokenVersion: z.number().int().min(0),
      }),
      z.object({ valid: z.literal(false) }),
    ]),
  ),
  authGetUser: rpc(
    'auth.v1.getUser',
    z.object({ userId: z.string() }),
    z.object({ user: PublicUser.nullable() }),
  ),
  authListUsers: rpc(
    'auth.v1.listUsers',
    z.object({ limit: z.number().int().positive().optional(), offset: z.number().int().min(0).optional() }),
    z.object({ total: z.number(), users: z.array(PublicUser) }),
  ),
  authStats: rpc('auth.v1.stats', z.object({}), UserStats),
  /**
   * pages → billing (money before work): reserves a purchase's price before anything is printed for it. One
   * hold per purchase key however often it is asked (a repeat answers the same hold); refused when the available
   * balance (the balance less the account's open holds) does not cover it, and, for an `exclusive` hold (a class set
   * printing), while the account has another exclusive hold open. A key whose purchase was paid already answers
   * `captured`. A key reused for another amount fails the request (remote error), reserving nothing.
   */
  billingHold: rpc(
    'billing.v1.hold',
    z.object({
      userId: z.string(),
      key: PurchaseKey,
      cents: z.number().int().positive(),
      reason: z.string().min(1).max(200),
      exclusive: z.boolean().optional(),
    }),
    z.discriminatedUnion('outcome', [
      /** `holdId` names this hold: a hold released and asked for again is a new one. */
      z.object({ outcome: z.literal('held'), holdId: z.string() }),
      z.object({ outcome: z.literal('captured'), balanceCents: z.number().int() }),
      z.object({ outcome: z.literal('insufficient'), availableCents: z.number().int() }),
      z.object({ outcome: z.literal('busy') }),
    ]),
  ),
  /**
   * pages → billing: the purchase's file is stored; its hold becomes the debit (one ledger line, the hold's reason),
   * once however often it is asked. `not_held`: no hold is open for the key (never held, released, or expired), nothing
   * debited. `insufficient`: a refund or chargeback took the balance below the hold meanwhile: the hold is released.
   */
  billingCapture: rpc(
    'billing.v1.capture',
    z.object({ userId: z.string(), key: PurchaseKey }),
    z.object({
      outcome: z.enum(['captured', 'not_held', 'insufficient']),
      balanceCents: z.number().int(),
    }),
  ),
  /** pages → billing: the purchase's printing failed for good; its open hold is released (a no-op otherwise). */
  billingRelease: rpc(
    'billing.v1.release',
    z.object({ userId: z.string(), key: PurchaseKey }),
    z.object({ released: z.boolean() }),
  ),
  /** pages → billing: a member's balance now, in cents (the answer to a purchase made before). */
  billingBalance: rpc(
    'billing.v1.balance',
    z.object({ userId: z.string() }),
    z.object({ balanceCents: z.number().int() }),
  ),
  billingStats: rpc('billing.v1.stats', z.object({}), PaymentStats),
  pagesStats: rpc('pages.v1.stats', z.object({}), PageStats),
  // LGPD: each service's part of a member's data export, composed by auth (GET /api/exportMyData).
  billingExportUserData: rpc(
    'billing.v1.exportUserData',
    z.object({ userId: z.string() }),
    BillingDataExport,
  ),
  pagesExportUserData: rpc('pages.v1.exportUserData', z.object({ userId: z.string() }), PagesDataExport),
  /** classroom → pages: a bought page's or class set's sheets, to correct them; null unless bought by `userId`. */
  pagesCorrectionSheets: rpc(
    'pages.v1.correctionSheets',
    z.object({ userId: z.string(), code: z.string().min(1).max(64) }),
    CorrectionSheets,
  ),
  /**
   * pages → classroom: the children of a member's turma, by id only and in the turma's order (version N of a set for
   * the turma is child N); null when it is not a turma of that member.
   */
  classroomTurmaRoster: rpc(
    'classroom.v1.turmaRoster',
    z.object({ userId: z.string(), turmaId: z.string().uuid() }),
    z.object({ studentIds: z.array(z.string()) }).nullable(),
  ),
  /**
   * pdf-worker → classroom: what the sheet of a version made for a child prints on its "Nome:" and "Turma:" lines;
   * null when the child is no longer in a turma (a sheet drawn again then prints the lines blank).
   */
  classroomSheetNames: rpc(
    'classroom.v1.sheetNames',
    z.object({ studentId: z.string().uuid() }),
    z.object({ student: z.string(), turma: z.string() }).nullable(),
  ),
  classroomExportUserData: rpc(
    'classroom.v1.exportUserData',
    z.object({ userId: z.string() }),
    ClassroomDataExport,
  ),
} as const;

export const MailTemplate = z.enum([
  'activation',
  'recovery',
  'admin-new-user',
  'test',
  'topup-credited',
  'topup-reversed',
  'sign-in-alert',
  'sign-up-existing',
  'password-setup',
  'sign-in-link',
]);
export type MailTemplate = z.infer<typeof MailTemplate>;

export const Jobs = {
  /** Any service → mail. `mailId` is the dedup key (JetStream msgID and a unique row in mail's schema). */
  sendMail: job(
    'jobs.mail.send',
    'JOBS_MAIL',
    z.object({
      mailId: z.string().min(1),
      to: z.string().email(),
      template: MailTemplate,
      data: z.record(z.string(), z.string()),
    }),
  ),
  /** pages → pdf-worker: draw a page's preview (`<code>.png`) from its stored seed and options, on generation. */
  renderPreview: job('jobs.pdf.preview', 'JOBS_PDF', RenderJob),
  /** pages → pdf-worker: print a page's PDF (`<code>.pdf`), when it is bought and the PDF is not stored yet. */
  renderDocument: job('jobs.pdf.document', 'JOBS_PDF', RenderJob),
  /**
   * pages → pdf-worker: print a class set's version (`<code>.pdf`) for the set's purchase. A work queue of
   * its own, which the worker serves after previews and pages' PDFs: a member's page is never queued behind other
   * members' sets.
   */
  renderVersion: job('jobs.pdf.version', 'JOBS_PDF', RenderJob.extend({ version: SetVersion })),
  /** pages → pdf-worker: assemble a bought class set's one file (`<setCode>.pdf`) from its versions' PDFs. */
  assembleSet: job('jobs.pdf.set', 'JOBS_PDF', AssembleSetJob),
  /**
   * pages → pages: a class set's purchase to carry to its end after POST /api/buySet answered (its price held): the
   * versions' renders, the assembly, then the one debit. msgID `buy-set:<holdId>`: asked again while the same hold is
   * open, the purchase is queued once.
   */
  buySet: job('jobs.pages.buySet', 'JOBS_PAGES', SetPurchaseJob),
} as const;

const EventBase = { eventId: z.string(), at: IsoDate };

/**
 * An event whose fields were renamed (`renamed`: old key → new key). The EVENTS stream keeps every event for
 * EVENTS_MAX_AGE_DAYS, so a consumer that replays it meets payloads published under the old names: the schema takes
 * either and gives the new one (a payload that has both keeps the new). Publishers write the new names only: the
 * schema's input type is the new shape. Remove an old name once EVENTS_MAX_AGE_DAYS have passed since the rename.
 */
const withRenamedFields = <S extends z.ZodObject>(
  renamed: Record<string, keyof S['shape'] & string>,
  schema: S,
) =>
  z.preprocess<unknown, S, z.input<S>>((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...value };
    for (const [from, to] of Object.entries(renamed)) {
      if (!(from in out)) continue;
      if (!(to in out)) out[to] = out[from];
      delete out[from];
    }
    return out;
  }, schema);
/** Older billing events named the top-up id `topupId`; it is `topUpId` now, as everywhere else. */
const TOP_UP_ID_RENAMED = { topupId: 'topUpId' } as const;

export const Events = {
  userRegistered: event(
    'events.auth.user.registered',
    z.object({
      ...EventBase,
      userId: z.string(),
      email: z.string(),
      fullname: z.string(),
      fromGoogle: z.boolean(),
    }),
  ),
  userActivated: event(
    'events.auth.user.activated',
    z.object({ ...EventBase, userId: z.string(), email: z.string() }),
  ),
  /**
   * Every session of `userId` issued before ends (auth bumped its token version to `tokenVersion`: a password
   * change, a recovery, the admin's password reset at start-up, a role change, a Google sign-in claiming a
   * never-activated account). Published after the change commits; every gateway replica hears it (a fan-out, not a
   * queue group) and forgets the user's cached session. Its business id (Bus.publishEvent) is `<userId>:<tokenVersion>`.
   */
  sessionsRevoked: event(
    'events.auth.sessions.revoked',
    z.object({ ...EventBase, userId: z.string(), tokenVersion: z.number().int().min(0) }),
  ),
  loginFailed: event(
    'events.auth.login.failed',
    z.object({ ...EventBase, email: z.string(), reason: z.enum(['credentials', 'inactive', 'google']) }),
  ),
  topupCreated: event(
    'events.billing.topup.created',
    withRenamedFields(
      TOP_UP_ID_RENAMED,
      z.object({ ...EventBase, topUpId: z.string(), userId: z.string(), amountCents: z.number().int() }),
    ),
  ),
  topupCredited: event(
    'events.billing.topup.credited',
    withRenamedFields(
      TOP_UP_ID_RENAMED,
      z.object({
        ...EventBase,
        topUpId: z.string(),
        userId: z.string(),
        amountCents: z.number().int(),
        paymentId: z.string(),
        /** The balance right after the credit (absent from events published before it existed). */
        balanceCents: z.number().int().optional(),
      }),
    ),
  ),
  /** A refund or chargeback took back `amountCents` of a credited payment; eventId = its ledger key. */
  topupReversed: event(
    'events.billing.topup.reversed',
    withRenamedFields(
      TOP_UP_ID_RENAMED,
      z.object({
        ...EventBase,
        topUpId: z.string(),
        userId: z.string(),
        paymentId: z.string(),
        amountCents: z.number().int().positive(),
        totalReversedCents: z.number().int().positive(),
        balanceCents: z.number().int(),
        reason: z.enum(['refund', 'chargeback']),
      }),
    ),
  ),
  /**
   * A payment approved after its payer deleted the account was refunded through Mercado Pago instead of
   * credited (`refundId`: Mercado Pago's); eventId = the payment id (a payment is refunded once).
   */
  topupRefunded: event(
    'events.billing.topup.refunded',
    withRenamedFields(
      TOP_UP_ID_RENAMED,
      z.object({
        ...EventBase,
        topUpId: z.string(),
        userId: z.string(),
        paymentId: z.string(),
        amountCents: z.number().int().positive(),
        refundId: z.string(),
        reason: z.enum(['account_deleted']),
      }),
    ),
  ),
  /**
   * A member's money view changed: a top-up credited, a purchase debited, a refund or chargeback taken
   * back (`balanceCents` and `version`, the ledger entry's id: newer entries have larger ids), or a pending payment's
   * status changed (`payment_status`: the statement's pending list, balance unchanged, both null). Every gateway
   * replica hears it (a fan-out) and tells that member's open screens (GET /api/memberEvents).
   */
  balanceChanged: event(
    'events.billing.balance.changed',
    z.object({
      ...EventBase,
      userId: z.string(),
      cause: z.enum(['top_up', 'purchase', 'reversal', 'payment_status']),
      balanceCents: z.number().int().nullable(),
      version: z.number().int().positive().nullable(),
    }),
  ),
  /**
   * pdf-worker gave up on a job a purchase waits for: its last delivery failed. `code` is the page's (a
   * page's or a class set version's PDF: `document`) or the class set's (its assembly: `set`). pages releases the
   * purchase's hold. Each failure is a fact of its own (a purchase asked again may fail again).
   */
  renderFailed: event(
    'events.pdf.render.failed',
    z.object({ ...EventBase, kind: z.enum(['document', 'set']), code: z.string() }),
  ),
  pageCreated: event(
    'events.pages.page.created',
    z.object({ ...EventBase, code: z.string(), userId: z.string() }),
  ),
  pageBought: event(
    'events.pages.page.bought',
    z.object({ ...EventBase, code: z.string(), userId: z.string(), priceCents: z.number().int() }),
  ),
  /**
   * The member deleted their account (LGPD): auth has already anonymised it and ended its sessions; every
   * service that holds the user's personal data anonymises it now. Its business id (Bus.publishEvent) is the user id
   * (an account is deleted once). Carries no personal data itself.
   */
  userDeleted: event('events.auth.user.deleted', z.object({ ...EventBase, userId: z.string() })),
  /**
   * A member deleted a turma (its children's names are gone from classroom): the printed files that carry its
   * names are deleted by pages. Business id: the turma id. Ids only, no name.
   */
  turmaDeleted: event(
    'events.classroom.turma.deleted',
    z.object({ ...EventBase, turmaId: z.string().uuid(), userId: z.string() }),
  ),
} as const;

export type RpcResponse<D> = D extends RpcDef<z.ZodType, infer Res> ? z.infer<Res> : never;
export type MessagePayload<D> = D extends MessageDef<infer P> ? z.infer<P> : never;
