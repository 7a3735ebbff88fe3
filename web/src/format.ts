const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Money as Brazilians read it: `R$ 10,50` (exactly two decimals, spec §9), with the plain space the spec's texts
 * use (Intl puts a no-break space after `R$`). A negative balance (a refund or chargeback after spending) reads
 * `-R$ 0,50`, the sign before the symbol as Intl's pt-BR puts it (the mail service writes it the same way); zero
 * never shows a sign.
 */
export function formatReais(value: number): string {
  return reais.format(value + 0).replace(/\s/g, ' ');
}

/**
 * Every date the product shows or writes into a file name is São Paulo time, whatever the browser's time zone: the
 * server names a bought PDF after the purchase day there, and a purchase must not read as two different days.
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

type DateInput = string | number | Date;

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

/** A day for a file name, in São Paulo time: `04-03-2025` (DD-MM-YYYY, no slashes). */
export function formatFileDate(at: DateInput): string {
  return formatDate(at).replaceAll('/', '-');
}

/** Integer cents as reais: `R$ 10,50` (a negative balance `-R$ 0,50`, as formatReais). */
export const formatCents = (cents: number): string => formatReais(cents / 100);

/** A movement of money with its sign spaced out: `+ R$ 10,00`, `− R$ 0,50` (U+2212, the minus sign). */
export function formatSignedCents(cents: number): string {
  const amount = formatReais(Math.abs(cents) / 100);
  return cents < 0 ? `− ${amount}` : `+ ${amount}`;
}
