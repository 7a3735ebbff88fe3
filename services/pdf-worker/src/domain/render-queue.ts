/**
 * What a render is for, in the order renders get a free tab:
 * - `preview`: the picture of a page just generated; someone is looking at a spinner.
 * - `document`: the PDF of a page being bought; the buyer waits for the download.
 * - `set`: a class set's work (its versions, its assembly's answer table and any version it lacks): many renders
 *   for one buyer, which never go before another member's page.
 * - `ahead`: the PDF of a recently previewed page, made while the worker has nothing else to do, so that a purchase
 *   finds it ready.
 */
export const RENDER_KINDS = ['preview', 'document', 'set', 'ahead'] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

interface Waiter<T> {
  resolve(slot: T): void;
  reject(error: Error): void;
}

/**
 * The renders waiting for a tab, and which of them the next free tab goes to: a preview first, then a document, then
 * a class set's work, then work ahead of time. Three rules keep that order fair:
 * - a waiting document lets at most one preview go before it (a buyer never waits behind a stream of previews);
 * - a class set's render takes a tab only when no preview or document waits: a set of 40 versions delays a page by
 *   at most the renders already under way, whatever the number of sets queued;
 * - work ahead of time takes a tab only while another tab stays free for the next preview (with a single tab: only
 *   when nothing else waits), so it never delays a request by more than the render already under way.
 */
export class RenderQueue<T> {
  readonly #lanes: Record<RenderKind, Waiter<T>[]> = { preview: [], document: [], set: [], ahead: [] };
  /** Previews that went first while the oldest waiting document waited. */
  #documentPassedOver = 0;

  /** @param slots How many tabs there are in all (the pool's size). */
  constructor(private readonly slots: number) {}

  get length(): number {
    return Object.values(this.#lanes).reduce((sum, lane) => sum + lane.length, 0);
  }

  waiting(kind: RenderKind): number {
    return this.#lanes[kind].length;
  }

  /** Waits for a tab handed over by `grant`. */
  enqueue(kind: RenderKind): Promise<T> {
    return new Promise<T>((resolve, reject) => this.#lanes[kind].push({ resolve, reject }));
  }

  /**
   * Gives a free tab to the waiter whose turn it is. `spare` counts the other free tabs. Answers false when nobody
   * may take it (nobody waits, or only work ahead of time, which must leave a tab free).
   */
  grant(slot: T, spare: number): boolean {
    const waiter = this.#next(spare);
    waiter?.resolve(slot);
    return waiter !== undefined;
  }

  /** Fails every waiting render (the pool is closing, or its browser cannot be launched). */
  failAll(error: Error): void {
    for (const lane of Object.values(this.#lanes)) for (const waiter of lane.splice(0)) waiter.reject(error);
    this.#documentPassedOver = 0;
  }

  #next(spare: number): Waiter<T> | undefined {
    const { preview, document, set, ahead } = this.#lanes;
    if (document.length && (!preview.length || this.#documentPassedOver >= 1)) {
      this.#documentPassedOver = 0;
      return document.shift();
    }
    if (preview.length) {
      if (document.length) this.#documentPassedOver++;
      return preview.shift();
    }
    if (set.length) return set.shift();
    if (ahead.length && (this.slots === 1 || spare >= 1)) return ahead.shift();
    return undefined;
  }
}
