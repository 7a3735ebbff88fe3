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

const dateTimeParts = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as Brazilians write it, in the browser's time zone: `04/03/2025 09:30` (DD/MM/YYYY HH:mm). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

const saoPauloParts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function saoPauloPartsOf(iso: string): Record<string, string> | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(saoPauloParts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** A moment in São Paulo time, whatever the browser's zone: `04/03/2025 09:30` (DD/MM/YYYY HH:mm). */
export function formatSaoPauloDateTime(iso: string): string {
  const part = saoPauloPartsOf(iso);
  return part ? `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}` : '';
}

/** The São Paulo day of a moment for a file name: `04-03-2025` (DD-MM-YYYY). */
export function formatSaoPauloFileDate(iso: string): string {
  const part = saoPauloPartsOf(iso);
  return part ? `${part.day}-${part.month}-${part.year}` : '';
}

/** Integer cents as reais: `R$ 10,50` (a negative balance `-R$ 0,50`, as formatReais). */
export const formatCents = (cents: number): string => formatReais(cents / 100);

/** A movement of money with its sign spaced out: `+ R$ 10,00`, `− R$ 0,50` (U+2212, the minus sign). */
export function formatSignedCents(cents: number): string {
  const amount = formatReais(Math.abs(cents) / 100);
  return cents < 0 ? `− ${amount}` : `+ ${amount}`;
}
