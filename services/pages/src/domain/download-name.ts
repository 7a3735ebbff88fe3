import contentDisposition from 'content-disposition';

const saoPauloDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** DD-MM-YYYY of an instant as a Brazilian parent sees it (the purchase date in São Paulo time). */
export function saoPauloDay(at: Date): string {
  const parts = Object.fromEntries(saoPauloDate.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
}

/** `attachment; filename="matematica-DD-MM-YYYY.pdf"; filename*=UTF-8''matem%C3%A1tica-DD-MM-YYYY.pdf`. */
export function pdfContentDisposition(boughtAt: Date): string {
  const day = saoPauloDay(boughtAt);
  return contentDisposition(`matemática-${day}.pdf`, { fallback: `matematica-${day}.pdf` });
}
