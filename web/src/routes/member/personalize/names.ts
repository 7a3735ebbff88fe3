import { MAX_DIGITS, ORDERED_FACTS, type Operation } from '@app/generator/options';

export const OPERATION_NAMES: Readonly<Record<Operation, { label: string; sign: string; of: string }>> = {
  add: { label: 'Adição', sign: '+', of: 'da Adição' },
  sub: { label: 'Subtração', sign: '−', of: 'da Subtração' },
  mult: { label: 'Multiplicação', sign: '×', of: 'da Multiplicação' },
  div: { label: 'Divisão', sign: '÷', of: 'da Divisão' },
};

export const DIGIT_CHOICES = Array.from({ length: MAX_DIGITS }, (_, i) => i + 1);
export const digitsWord = (n: number) => (n === 1 ? '1 algarismo' : `${n} algarismos`);
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** "× 1 a × 10", never broken after a sign. */
export const ONE_TO_TEN = `×\u00a01 a ×\u00a0${ORDERED_FACTS}`;
/** "a", "a e b", "a, b e c". */
export const andList = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)!}`;
