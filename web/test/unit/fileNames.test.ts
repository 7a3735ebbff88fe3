import { describe, expect, it } from 'vitest';
import { boughtPageFileName } from '../../src/routes/member/boughtPage';
import { exportFileName } from '../../src/routes/member/ExportMyData';

describe('names of the files the site saves', () => {
  // 02:30 UTC on 5 March is still 4 March, 23:30, in São Paulo (UTC−3): the day a Brazilian bought the page.
  const nearMidnightUtc = new Date('2025-03-05T02:30:00.000Z');

  it('a bought page is matemática-DD-MM-YYYY.pdf of the São Paulo day, as the server names it', () => {
    expect(boughtPageFileName(nearMidnightUtc)).toBe('matemática-04-03-2025.pdf');
  });

  it('the data export is meus-dados-DD-MM-YYYY.json of the São Paulo day', () => {
    expect(exportFileName(nearMidnightUtc)).toBe('meus-dados-04-03-2025.json');
  });
});
