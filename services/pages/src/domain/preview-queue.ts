import type { Logger } from '@app/kit';
import type { RenderablePage } from './ports.js';

/**
 * How long a preview in the worker's queue counts as there without its file (PreviewQueueOptions.releaseAfterMs):
 * past a render under load (a fraction of a second to a few seconds each, accounts in turn) and a job a dead worker
 * held (PDF_ACK_WAIT_MS, 15 s), and short enough that a page whose job was lost is drawn soon after it is asked for
 * again. A preview still on its way after it is drawn twice at worst (and stored once), at most once per this time.
 */
export const PREVIEW_RELEASE_AFTER_MS = 30_000;

/**
 * How long a preview's place among its account's previews waiting (the shared PREVIEWS_WAITING limit) stays taken
 * when the replica that holds it never gives it back (it stopped): past a preview's turn and its release above.
 */
export const PREVIEW_SLOT_BOUND_MS = 2 * PREVIEW_RELEASE_AFTER_MS;

/** What a preview job carries (the worker draws page 1 from the seed and options; a set's version 1 its label). */
export type PreviewJob = Omit<RenderablePage, 'userId'>;

export interface PreviewQueueOptions {
  /** Previews of one account in the worker's queue (JOBS_PDF) at once; the others wait here, in order. */
  inFlightPerAccount: number;
  /**
   * After this long without its file, a preview stops counting as in the worker's queue (its job was lost: the
   * worker gave up on it, or the broker lost it), so the account's next one goes; asking for it again queues it anew.
   */
  releaseAfterMs: number;
  logger: Pick<Logger, 'warn'>;
}

interface Account {
  /** File name (`<code>.png`) → the code and the timer that forgets it. */
  inFlight: Map<string, { code: string; timer: NodeJS.Timeout }>;
  /** Waiting here for a place in the worker's queue, oldest first. */
  held: Array<{ job: PreviewJob; first: boolean }>;
}

/**
 * Fair previews: each account has at most `inFlightPerAccount` previews in the worker's queue at once, and
 * the rest wait here, per account, in order; each stored preview (the RENDERS bucket's watch: `stored`) lets that
 * account's next one go. The worker's queue, first come first served, thus takes the accounts in turn: a burst of one
 * account puts at most `inFlightPerAccount` of its renders ahead of another account's preview, however many pages it
 * made. A page already queued (here or in the worker's queue) is never queued again (`add` does nothing).
 *
 * Kept by each pages replica for the pages created through it: with R replicas an account has at most
 * R × `inFlightPerAccount` previews in the worker's queue. What waits here is lost if the replica stops; such a page's
 * preview is queued again when it is asked for (readThumbnail: a page older than RENDER_WAIT_MS without a preview).
 * How many an account may have waiting in all is the shared PREVIEWS_WAITING limit (create-page.ts): a new page's
 * place in it comes here with its preview (`slot`) and is given back when the preview is drawn or given up on.
 */
export class PreviewQueue {
  readonly #accounts = new Map<string, Account>();
  /** Every file this replica has queued (in the worker's queue or here) → its account. */
  readonly #queued = new Map<string, string>();
  /** File → its place among its account's previews waiting (the shared limit), given back when it is done. */
  readonly #slots = new Map<string, () => void>();

  constructor(
    /** Queues one render in JOBS_PDF (`first`: the job queued with the new page). */
    private readonly publish: (job: PreviewJob, first: boolean) => Promise<void>,
    private readonly fileOf: (code: string) => string,
    private readonly opts: PreviewQueueOptions,
  ) {}

  /** Previews of the account not drawn yet (in the worker's queue or waiting here). */
  waiting(userId: string): number {
    const account = this.#accounts.get(userId);
    return account ? account.inFlight.size + account.held.length : 0;
  }

  /** Whether the page's preview is queued by this replica (in the worker's queue or waiting here). */
  isQueued(code: string): boolean {
    return this.#queued.has(this.fileOf(code));
  }

  /**
   * Queues the preview of an account's page: into the worker's queue if the account has room there (a failed publish
   * is thrown, and nothing is kept), else here behind its others. A page already queued is left alone. `slot` gives
   * back the new page's place among its account's previews waiting: called once the preview is drawn or forgotten.
   */
  async add(
    userId: string,
    job: PreviewJob,
    { first, slot }: { first: boolean; slot?: () => void },
  ): Promise<void> {
    const file = this.fileOf(job.code);
    if (this.#queued.has(file)) return slot?.();
    const account = this.#account(userId);
    this.#queued.set(file, userId);
    if (slot) this.#slots.set(file, slot);
    if (account.inFlight.size >= this.opts.inFlightPerAccount) {
      account.held.push({ job, first });
      return;
    }
    try {
      await this.#send(userId, account, job, first);
    } catch (err) {
      this.#forget(userId, file);
      throw err;
    }
  }

  /** A file was stored in the RENDERS bucket (by any worker): a preview of ours is done, its account's next goes. */
  stored(fileName: string): void {
    const userId = this.#queued.get(fileName);
    if (userId !== undefined) this.#forget(userId, fileName);
  }

  /** Forgets everything (shutdown): nothing more is sent, and every place among the previews waiting is given back. */
  clear(): void {
    for (const account of this.#accounts.values())
      for (const { timer } of account.inFlight.values()) clearTimeout(timer);
    for (const giveBack of this.#slots.values()) giveBack();
    this.#accounts.clear();
    this.#queued.clear();
    this.#slots.clear();
  }

  #account(userId: string): Account {
    let account = this.#accounts.get(userId);
    if (!account) {
      account = { inFlight: new Map(), held: [] };
      this.#accounts.set(userId, account);
    }
    return account;
  }

  async #send(userId: string, account: Account, job: PreviewJob, first: boolean): Promise<void> {
    const file = this.fileOf(job.code);
    const timer = setTimeout(() => this.#forget(userId, file), this.opts.releaseAfterMs);
    timer.unref();
    account.inFlight.set(file, { code: job.code, timer });
    await this.publish(job, first);
  }

  /** The page's preview is done (or given up on): it no longer counts, and the account's next goes. */
  #forget(userId: string, file: string): void {
    this.#queued.delete(file);
    this.#slots.get(file)?.();
    this.#slots.delete(file);
    const account = this.#accounts.get(userId);
    if (!account) return;
    const flying = account.inFlight.get(file);
    if (flying) {
      clearTimeout(flying.timer);
      account.inFlight.delete(file);
    } else {
      const at = account.held.findIndex((h) => this.fileOf(h.job.code) === file);
      if (at >= 0) account.held.splice(at, 1);
    }
    this.#pump(userId, account);
  }

  /** Sends the account's next previews while it has room in the worker's queue. */
  #pump(userId: string, account: Account): void {
    while (account.inFlight.size < this.opts.inFlightPerAccount && account.held.length) {
      const { job, first } = account.held.shift()!;
      this.#send(userId, account, job, first).catch((err: unknown) => {
        // Not sent: forgotten, so that asking for it queues it again (readThumbnail), and the next one goes.
        this.opts.logger.warn({ err, code: job.code }, 'could not queue a preview');
        this.#forget(userId, this.fileOf(job.code));
      });
    }
    if (!account.inFlight.size && !account.held.length) this.#accounts.delete(userId);
  }
}
