import type { TypedCell } from '@app/contracts';

/** A typed cell of sheet `version`, problem `problem` (0-based), typed at `at`; `extra` sets a resto or em branco. */
export const cell = (
  version: number,
  problem: number,
  result: number | null,
  at: number,
  extra: Partial<Pick<TypedCell, 'remainder' | 'blank'>> = {},
): TypedCell => ({ version, problem, result, remainder: null, blank: false, at, ...extra });
