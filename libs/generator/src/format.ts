/**
 * An integer as Brazilians write it, a dot between thousands: 106081 → '106.081', 1000 → '1.000', 999 → '999'.
 * Plain code rather than `Intl.NumberFormat('pt-BR')`, so the gabarito does not depend on the runtime's ICU data.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  const digits = String(Math.abs(n));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, '.');
  return n < 0 ? `-${grouped}` : grouped;
}
