import { AppError, type Logger } from '@app/kit';

/**
 * The purchases this replica is completing, one per hold: each prints its file and settles the purchase once the
 * file is stored, however many of the buyer's requests wait for it (they join it) and whether or not any still does.
 * A completion gives up after PURCHASE_WAIT_MS (answering null); what it held is then released by the worker's
 * failure notice or billing's expiry. What it ends with is logged when nobody was waiting for it.
 */
export class PurchaseCompletions {
  readonly #running = new Map<string, Promise<number | null>>();

  constructor(private readonly logger: Logger) {}

  /** Purchases being completed now. */
  get size(): number {
    return this.#running.size;
  }

  /** Starts `work` for the hold unless it runs already; answers what it ends with. */
  run(holdId: string, work: () => Promise<number | null>): Promise<number | null> {
    const running = this.#running.get(holdId);
    if (running) return running;
    const started = work().finally(() => this.#running.delete(holdId));
    started.catch((err: unknown) =>
      err instanceof AppError
        ? this.logger.info({ holdId, code: err.code }, 'purchase not completed')
        : this.logger.error({ err, holdId }, 'purchase not completed'),
    );
    this.#running.set(holdId, started);
    return started;
  }
}
