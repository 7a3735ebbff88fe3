/** Money is integer cents inside billing; reais exist only at the edges (the API payload, Mercado Pago's amounts). */

/** Reais as Mercado Pago reports them (a float like 10 or 10.5) to exact cents. */
export const reaisToCents = (reais: number): number => Math.round(reais * 100);

/** Cents to the reais number the API answers (spec §7: getBalance payload is the balance in reais). */
export const centsToReais = (cents: number): number => cents / 100;
