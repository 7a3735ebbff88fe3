import type { TypedCell } from '@app/contracts';

/** A typed cell of sheet `version`, problem `problem` (0-based), typed at `at`; `extra` sets a resto, em branco or read from a photo. */
export const cell = (
  version: number,
  problem: number,
  result: number | null,
  at: number,
  extra: Partial<Pick<TypedCell, 'remainder' | 'blank' | 'photo'>> = {},
): TypedCell => ({ version, problem, result, remainder: null, blank: false, at, ...extra });
