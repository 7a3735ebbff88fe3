/**
 * Requests in progress per client address on this replica (issue 23): a slow or silent sender holds only its own
 * sockets, and one address cannot hold more than `max` requests at once. A request counts from its headers (before
 * its body is read) until its answer is sent or its connection closes, whichever comes first.
 */
export class ConcurrentRequests {
  readonly #inProgress = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Addresses with a request in progress now. */
  get addresses(): number {
    return this.#inProgress.size;
  }

  /** Requests in progress now for `address`. */
  count(address: string): number {
    return this.#inProgress.get(address) ?? 0;
  }

  /**
   * Counts one more request for `address`; answers the function that ends it (idempotent), or null when the address
   * already has `max` in progress (the request is refused and not counted).
   */
  begin(address: string): (() => void) | null {
    const now = this.count(address);
    if (now >= this.max) return null;
    this.#inProgress.set(address, now + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = this.count(address) - 1;
      if (left > 0) this.#inProgress.set(address, left);
      else this.#inProgress.delete(address);
    };
  }
}

/** Whether the address of a request has a malformed %-escape (`?x=%`, `%zz`, a broken UTF-8 sequence). */
export function hasBadEscape(url: string): boolean {
  if (!url.includes('%')) return false;
  try {
    decodeURIComponent(url);
    return false;
  } catch {
    return true;
  }
}
