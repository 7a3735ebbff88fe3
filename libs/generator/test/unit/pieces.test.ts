import { describe, expect, it } from 'vitest';
import { countText, fewestPieces, piecesCount, piecesText } from '../../src/word/pieces.js';
import { leastPieces } from '../support/least-pieces.js';

describe('cédulas e moedas', () => {
  it('pays every value up to R$ 2.000,00 with the least number of pieces, and exactly the value', () => {
    const least = leastPieces(200_000);
    const wrong: string[] = [];
    for (let centavos = 5; centavos <= 200_000; centavos += 5) {
      const pieces = fewestPieces(centavos)!;
      const paid = pieces.reduce((sum, piece) => sum + piece.value * piece.count, 0);
      if (paid !== centavos || piecesCount(pieces) !== least[centavos / 5])
        if (wrong.length < 5) wrong.push(`${centavos}: ${JSON.stringify(pieces)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('takes no value a moeda cannot reach, nor zero', () => {
    expect(fewestPieces(1_966)).toBeNull();
    expect(fewestPieces(0)).toBeNull();
    expect(fewestPieces(-5)).toBeNull();
    expect(fewestPieces(12.5)).toBeNull();
  });

  it('says them as a child writes them, largest first', () => {
    const pieces = fewestPieces(3_785)!;
    expect(piecesText(pieces)).toBe(
      '1 cédula de R$ 20,00, 1 cédula de R$ 10,00, 1 cédula de R$ 5,00, 1 cédula de R$ 2,00, 1 moeda de 50 centavos, 1 moeda de 25 centavos e 1 moeda de 10 centavos',
    );
    expect(countText(pieces)).toBe('7 cédulas e moedas');
    expect(countText(fewestPieces(40_000)!)).toBe('2 cédulas');
    expect(piecesText(fewestPieces(40_000)!)).toBe('2 cédulas de R$ 200,00');
    expect(countText(fewestPieces(100)!)).toBe('1 moeda');
    expect(piecesText(fewestPieces(135)!)).toBe(
      '1 moeda de R$ 1,00, 1 moeda de 25 centavos e 1 moeda de 10 centavos',
    );
    expect(countText(fewestPieces(30)!)).toBe('2 moedas');
  });
});
