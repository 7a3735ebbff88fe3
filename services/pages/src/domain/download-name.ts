import * as contentDisposition from 'content-disposition';
import { formatFileDate } from '@app/contracts/format';

/**
 * `attachment; filename=matematica-DD-MM-YYYY.pdf; filename*=UTF-8''matem%C3%A1tica-DD-MM-YYYY.pdf`: the purchase
 * day as a Brazilian parent sees it (São Paulo time). A class set of N versions says its count:
 * `matemática-DD-MM-YYYY-N-versões.pdf` (ASCII `matematica-DD-MM-YYYY-N-versoes.pdf`).
 */
export function pdfContentDisposition(boughtAt: Date, versions = 1): string {
  const day = formatFileDate(boughtAt);
  if (versions > 1)
    return contentDisposition.create(`matemática-${day}-${versions}-versões.pdf`, {
      fallback: `matematica-${day}-${versions}-versoes.pdf`,
    });
  return contentDisposition.create(`matemática-${day}.pdf`, { fallback: `matematica-${day}.pdf` });
}
