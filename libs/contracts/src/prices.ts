/**
 * What the site sells, priced once: a page costs R$ 0,50, and a class set of N versions of a page costs N pages,
 * charged in one debit. The pages service charges these amounts and the builder shows them; both call `priceCents`.
 *
 * No zod and no other import, so the SPA's screens load it on their own (`@app/contracts/prices`).
 */

/** Price of one exercise page, in integer cents (R$ 0,50). */
export const PAGE_PRICE_CENTS = 50;

/**
 * The price, in integer cents, of `versions` different versions of a page bought together: 1 (the default) is a
 * single page, more a class set. Throws on anything but a whole number of at least 1, which no purchase can be.
 */
export function priceCents(versions = 1): number {
  if (!Number.isInteger(versions) || versions < 1)
    throw new RangeError(`a purchase has a whole number of versions, at least 1 (got ${String(versions)})`);
  return versions * PAGE_PRICE_CENTS;
}
