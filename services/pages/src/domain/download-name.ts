import contentDisposition from 'content-disposition';
import { formatFileDate } from '@app/contracts/format';

/**
 * `attachment; filename="matematica-DD-MM-YYYY.pdf"; filename*=UTF-8''matem%C3%A1tica-DD-MM-YYYY.pdf`: the purchase
 * day as a Brazilian parent sees it (São Paulo time).
 */
export function pdfContentDisposition(boughtAt: Date): string {
  const day = formatFileDate(boughtAt);
  return contentDisposition(`matemática-${day}.pdf`, { fallback: `matematica-${day}.pdf` });
}
