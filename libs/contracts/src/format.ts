/**
 * The product's pt-BR formatters, one copy for the web app and every service: money (integer cents inside, reais
 * only at the edges) and dates in São Paulo time. No zod and no other import, so the SPA can load it on its own.
 */

/** Reais as a float (Mercado Pago's amounts, the web's whole-reais choices) to exact integer cents: 10.5 → 1050. */
export const reaisToCents = (reais: number): number => Math.round(reais * 100);

/** Integer cents to the reais number the API answers (the balance payloads are in reais): 450 → 4.5. */
export const centsToReais = (cents: number): number => cents / 100;

const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** The minus sign (U+2212) of every amount below zero the product writes, never the hyphen. */
export const MINUS_SIGN = '\u2212';

/**
 * Money as Brazilians read it: `R$ 10,50` (exactly two decimals), with the plain space the product's texts use
 * (Intl puts a no-break space after `R$`), so a text reads and searches the same everywhere (site, emails,
 * audit log). A negative balance (a refund or chargeback after spending) reads `− R$ 0,50`: the minus sign
 * (U+2212, not Intl's hyphen) and a space before the symbol, as formatSignedCents writes a debit, so a screen shows
 * one sign for every amount below zero; zero (and what rounds to it) never shows a sign.
 */
export function formatReais(value: number): string {
  const amount = reais.format(Math.abs(value)).replace(/\s/g, ' ');
  return value < 0 && /[1-9]/.test(amount) ? `${MINUS_SIGN} ${amount}` : amount;
}

/** Integer cents as reais: `R$ 10,50` (a negative balance `− R$ 0,50`, as formatReais). */
export const formatCents = (cents: number): string => formatReais(centsToReais(cents));

/** A movement of money with its sign spaced out: `+ R$ 10,00`, `− R$ 0,50` (U+2212, the minus sign). */
export function formatSignedCents(cents: number): string {
  return cents < 0 ? formatCents(cents) : `+ ${formatCents(cents)}`;
}

/**
 * Every date the product shows or writes into a file name is São Paulo time, whatever the machine's or browser's
 * time zone: the server names a bought PDF after the purchase day there, and a purchase must not read as two
 * different days.
 */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SITE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment: an ISO string (as the API answers), epoch milliseconds or a Date. */
export type DateInput = string | number | Date;

/** The São Paulo calendar day and clock of a moment, or null for a date that cannot be read. */
function saoPauloParts(at: DateInput) {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(saoPaulo.formatToParts(date).map((p) => [p.type, p.value]));
  return { day: part.day!, month: part.month!, year: part.year!, hour: part.hour!, minute: part.minute! };
}

/** A day as Brazilians write it, in São Paulo time: `04/03/2025` (DD/MM/YYYY); '' for an unreadable date. */
export function formatDate(at: DateInput): string {
  const p = saoPauloParts(at);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** A moment in São Paulo time: `04/03/2025 09:30` (DD/MM/YYYY HH:mm, 24-hour clock); '' for an unreadable date. */
export function formatDateTime(at: DateInput): string {
  const p = saoPauloParts(at);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/**
 * A day for a file name, in São Paulo time: `04-03-2025` (DD-MM-YYYY, no slashes), as in `matemática-04-03-2025.pdf`
 * and `meus-dados-04-03-2025.json`; '' for an unreadable date.
 */
export function formatFileDate(at: DateInput): string {
  return formatDate(at).replaceAll('/', '-');
}

/**
 * The first moment of a São Paulo calendar day (`2026-03-01`): São Paulo keeps UTC−3 all year since 2019, when
 * Brazil ended daylight saving time.
 */
export const saoPauloDayStart = (day: string): Date => new Date(`${day}T00:00:00-03:00`);
