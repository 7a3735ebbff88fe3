import type { z } from 'zod';
import { Jobs, Rpc, type MessageDef, type RpcDef } from '@app/contracts';
import { createLogger, RpcError } from '@app/kit';
import { memoryLimits, recordingBus } from '@app/testing';
import type { PagesBus, PagesDeps } from '../../src/domain/deps.js';
import { PreviewQueue } from '../../src/domain/preview-queue.js';
import { PurchaseCompletions } from '../../src/domain/purchase-completions.js';
import { RenderSignals } from '../../src/domain/render-signals.js';
import { previewFile, publishRender } from '../../src/domain/renders.js';
import { memoryPagesStore } from './memory-store.js';

/** Everything the use cases did on the bus, in order: requests made and messages published. */
export type BusCall =
  | { kind: 'request'; subject: string; payload: unknown }
  | { kind: 'publish'; subject: string; payload: unknown; msgID: string };

type HoldRequest = z.infer<typeof Rpc.billingHold.request>;
type HoldReply = z.infer<typeof Rpc.billingHold.response>;
type CaptureReply = z.infer<typeof Rpc.billingCapture.response>;

/** A purchase's hold as this fake keeps it. */
interface FakeHold extends HoldRequest {
  holdId: string;
  state: 'held' | 'captured' | 'released';
}

/**
 * billing's purchase holds as pages sees them over the bus: a hold reserves its price once per key and
 * never more than the balance less the open holds, one exclusive hold open per user; its capture debits it once; a
 * release frees it; a key reused for another amount fails the request. `billingHoldSpec` checks it against billing's
 * rules (test/unit/fake-billing.spec.test.ts).
 */
export class FakeBilling {
  readonly balances = new Map<string, number>();
  /** Every hold taken, in order, with its state now. */
  readonly holds: FakeHold[] = [];

  /** The captured holds: what was debited, one per purchase. */
  get debits(): FakeHold[] {
    return this.holds.filter((h) => h.state === 'captured');
  }

  /** The price held and not yet captured nor released, per user. */
  heldCents(userId: string): number {
    return this.open(userId).reduce((sum, h) => sum + h.cents, 0);
  }

  hold(req: HoldRequest): HoldReply {
    const balanceCents = this.balances.get(req.userId) ?? 0;
    const known = this.holds.find(
      (h) => h.userId === req.userId && h.key === req.key && h.state !== 'released',
    );
    if (known) {
      if (known.cents !== req.cents) throw new RpcError(`${Rpc.billingHold.subject}: key reused`, 'REMOTE');
      return known.state === 'held'
        ? { outcome: 'held', holdId: known.holdId }
        : { outcome: 'captured', balanceCents };
    }
    const open = this.open(req.userId);
    if (req.exclusive && open.some((h) => h.exclusive)) return { outcome: 'busy' };
    const availableCents = balanceCents - this.heldCents(req.userId);
    if (availableCents < req.cents) return { outcome: 'insufficient', availableCents };
    const holdId = `hold-${this.holds.length + 1}`;
    this.holds.push({ ...req, holdId, state: 'held' });
    return { outcome: 'held', holdId };
  }

  capture(req: { userId: string; key: string }): CaptureReply {
    const balanceCents = this.balances.get(req.userId) ?? 0;
    const hold = this.open(req.userId).find((h) => h.key === req.key);
    if (!hold) {
      const paid = this.holds.some(
        (h) => h.userId === req.userId && h.key === req.key && h.state === 'captured',
      );
      return { outcome: paid ? 'captured' : 'not_held', balanceCents };
    }
    if (balanceCents < hold.cents) {
      hold.state = 'released';
      return { outcome: 'insufficient', balanceCents };
    }
    hold.state = 'captured';
    this.balances.set(req.userId, balanceCents - hold.cents);
    return { outcome: 'captured', balanceCents: balanceCents - hold.cents };
  }

  release(req: { userId: string; key: string }): { released: boolean } {
    const hold = this.open(req.userId).find((h) => h.key === req.key);
    if (hold) hold.state = 'released';
    return { released: hold !== undefined };
  }

  private open(userId: string): FakeHold[] {
    return this.holds.filter((h) => h.userId === userId && h.state === 'held');
  }
}

/**
 * pages' dependencies in memory: the store (memory-store.ts), the RENDERS bucket, billing behind a recording
 * bus, and a pdf-worker that stores a page's file (or a class set's) as soon as its job is published
 * (`worker.running = false`: it prints nothing). Payloads are checked against the contracts both ways, as the real
 * bus does.
 */
export function memoryDeps({
  renderWaitMs = 8000,
  purchaseWaitMs = 600_000,
  setPurchaseWaitMs = 20_000,
  now,
  pagesPerMinute = 30,
  previews: { inFlightPerAccount, waitingPerAccount } = { inFlightPerAccount: 2, waitingPerAccount: 10 },
}: {
  renderWaitMs?: number;
  purchaseWaitMs?: number;
  setPurchaseWaitMs?: number;
  now?: () => Date;
  pagesPerMinute?: number;
  previews?: { inFlightPerAccount: number; waitingPerAccount: number };
} = {}) {
  const { store } = memoryPagesStore(now);
  // The shared limits (PAGES_CREATED, PREVIEWS_WAITING) in memory, on the same clock as the store.
  const limits = memoryLimits(
    {
      PAGES_CREATED: { max: pagesPerMinute, windowMs: 60_000 },
      PREVIEWS_WAITING: { max: waitingPerAccount, windowMs: 60_000 },
    },
    () => (now ?? (() => new Date()))().getTime(),
  );
  const billing = new FakeBilling();
  const files = new Map<string, Buffer>();
  const signals = new RenderSignals();
  const calls: BusCall[] = [];
  const worker = { running: true };
  const failing = new Set<string>();
  /** classroom's turmas as pages asks for them: turma id → the owner and the children's ids in order. */
  const turmas = new Map<string, { userId: string; studentIds: string[] }>();

  /** Stores a rendered file, as pdf-worker does, and sounds the bucket's watch. */
  const storeFile = (name: string, data = Buffer.from(name)) => {
    if (!files.has(name)) files.set(name, data);
    signals.notify(name);
  };

  // Jobs and events (publishEvent names them as the kit does), recorded, checked, and handed to the worker.
  const recorder = recordingBus();
  recorder.publish.mockImplementation(async (...args: unknown[]) => {
    const [def, payload, opts] = args as [MessageDef<z.ZodType>, unknown, { msgID: string }];
    if (failing.has(def.subject)) throw new Error(`${def.subject}: not published`);
    const body = def.payload.parse(payload) as Record<string, unknown>;
    calls.push({ kind: 'publish', subject: def.subject, payload: body, msgID: opts.msgID });
    if (!worker.running) return;
    if (def.subject === Jobs.renderDocument.subject) storeFile(`${String(body.code)}.pdf`);
    if (def.subject === Jobs.renderVersion.subject) storeFile(`${String(body.code)}.pdf`);
    if (def.subject === Jobs.renderPreview.subject) storeFile(`${String(body.code)}.png`);
    // A class set's assembly: its one file.
    if (def.subject === Jobs.assembleSet.subject) storeFile(`${String(body.setCode)}.pdf`);
  });
  const bus: PagesBus = {
    async request<Req extends z.ZodType, Res extends z.ZodType>(
      def: RpcDef<Req, Res>,
      payload: z.input<Req>,
    ): Promise<z.infer<Res>> {
      const body = def.request.parse(payload);
      calls.push({ kind: 'request', subject: def.subject, payload: body });
      if (def.subject === Rpc.billingHold.subject)
        return def.response.parse(billing.hold(body as HoldRequest));
      if (def.subject === Rpc.billingCapture.subject)
        return def.response.parse(billing.capture(body as { userId: string; key: string }));
      if (def.subject === Rpc.billingRelease.subject)
        return def.response.parse(billing.release(body as { userId: string; key: string }));
      if (def.subject === Rpc.billingBalance.subject)
        return def.response.parse({
          balanceCents: billing.balances.get((body as { userId: string }).userId) ?? 0,
        });
      if (def.subject === Rpc.classroomTurmaRoster.subject) {
        const { userId, turmaId } = body as { userId: string; turmaId: string };
        const turma = turmas.get(turmaId);
        return def.response.parse(turma?.userId === userId ? { studentIds: turma.studentIds } : null);
      }
      throw new RpcError(`${def.subject}: no_responders`, 'NO_RESPONDERS');
    },
    publish: recorder.publish as PagesBus['publish'],
    publishEvent: recorder.publishEvent,
  };

  const logger = createLogger('pages', 'silent');
  const previews = new PreviewQueue(
    (job, first) => publishRender(bus, 'preview', job, { first }),
    previewFile,
    { inFlightPerAccount, releaseAfterMs: 120_000, logger },
  );
  signals.onEveryFile((name) => previews.stored(name));
  const deps: PagesDeps = {
    store,
    bus,
    files: {
      get: async (name) => files.get(name) ?? null,
      has: async (name) => files.has(name),
      delete: async (name) => void files.delete(name),
    },
    signals,
    logger,
    renderWait: { timeoutMs: renderWaitMs },
    previews,
    purchases: new PurchaseCompletions(logger),
    purchaseWaitMs,
    setPurchaseWaitMs,
    limits: limits.limits,
  };

  return {
    deps,
    store,
    previews,
    /** The shared limits in memory: `limits.state.down` plays their store out of reach. */
    limits,
    billing,
    files,
    calls,
    worker,
    /** Stores a rendered file, as pdf-worker does, and sounds the bucket's watch. */
    storeFile,
    /** Publishing on these subjects fails, as it does while the broker is down. */
    failing,
    /** classroom's turmas (`classroom.v1.turmaRoster`): turma id → its owner and its children's ids in order. */
    turmas,
    /** The messages published on `def`'s subject so far (payloads as they went out). */
    published: <P extends z.ZodType>(def: MessageDef<P>) =>
      calls.flatMap((c) =>
        c.kind === 'publish' && c.subject === def.subject ? [{ ...c, payload: c.payload as z.infer<P> }] : [],
      ),
    /** The requests made on `def`'s subject so far. */
    requested: <Req extends z.ZodType>(def: RpcDef<Req, z.ZodType>) =>
      calls.flatMap((c) =>
        c.kind === 'request' && c.subject === def.subject ? [c.payload as z.infer<Req>] : [],
      ),
  };
}
