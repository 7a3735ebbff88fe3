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
