import { describe, expect, it } from 'vitest';
import { pdfContentDisposition } from '../../src/domain/download-name.js';

describe('download file name', () => {
  it('sends an ASCII fallback and the UTF-8 name matemática-DD-MM-YYYY.pdf', () => {
    expect(pdfContentDisposition(new Date('2025-12-24T15:00:00Z'))).toBe(
      `attachment; filename=matematica-24-12-2025.pdf; filename*=UTF-8''matem%C3%A1tica-24-12-2025.pdf`,
    );
  });

  it('names the purchase day in São Paulo, not in UTC', () => {
    // 02:30 UTC on 1 March is still 28 February in São Paulo (UTC−3).
    expect(pdfContentDisposition(new Date('2025-03-01T02:30:00Z'))).toBe(
      `attachment; filename=matematica-28-02-2025.pdf; filename*=UTF-8''matem%C3%A1tica-28-02-2025.pdf`,
    );
  });

  it('names a class set of N versions with its count: matemática-DD-MM-YYYY-N-versões.pdf', () => {
    expect(pdfContentDisposition(new Date('2025-12-24T15:00:00Z'), 30)).toBe(
      `attachment; filename=matematica-24-12-2025-30-versoes.pdf; ` +
        `filename*=UTF-8''matem%C3%A1tica-24-12-2025-30-vers%C3%B5es.pdf`,
    );
    // One version is a single page: a single page's name.
    expect(pdfContentDisposition(new Date('2025-12-24T15:00:00Z'), 1)).toBe(
      pdfContentDisposition(new Date('2025-12-24T15:00:00Z')),
    );
  });
});
