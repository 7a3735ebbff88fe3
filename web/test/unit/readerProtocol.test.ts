import { describe, expect, it } from 'vitest';
import { paperMap, type ReaderSheet } from '../../src/routes/member/correction/photo/readerProtocol';
import { PHOTO_TEXT } from '../../src/routes/member/correction/photo/PhotoList';

const box = { problem: 0, part: 'result' as const, column: 0, x: 20, y: 40, width: 5, height: 8 };
const map = (boxes: (typeof box)[]) => ({ widthMm: 210, heightMm: 297, boxes });
const sheet = (maps: ReaderSheet['maps']): ReaderSheet => ({ n: 1, code: 'ABC', maps });

describe('paperMap', () => {
  it('answers the map of the sheet of paper the photo is of', () => {
    const first = map([box]);
    const second = map([{ ...box, problem: 3 }]);
    expect(paperMap(sheet([first, second]))).toBe(first);
    expect(paperMap(sheet([first, second]), 1)).toBe(second);
  });

  it('says a sheet printed before the reading, and a sheet of paper the page does not have, are typed', () => {
    expect(paperMap(sheet(null))).toBe('printedBefore');
    expect(paperMap(sheet([map([box])]), 1)).toBe('printedBefore');
  });

  it('says a sheet with no answer in boxes is typed, with its own words', () => {
    expect(paperMap(sheet([map([])]))).toBe('noBoxes');
    expect(PHOTO_TEXT.noBoxes).toBe(
      'esta folha não tem respostas em caixas para ler pela foto: digite as respostas na tabela.',
    );
  });
});
