import { describe, expect, it } from 'vitest';
import { LevelSchema, PageOptionsSchema } from '@app/contracts';
import { LEVEL_NAMES, LEVEL_VALUES, LEVELS, isLevel } from '@app/contracts/levels';

describe('the levels have one table', () => {
  it('holds each level at its own value, so a value indexes the table', () => {
    LEVELS.forEach((level, index) => expect(level.value).toBe(index));
    expect(LEVEL_VALUES).toEqual([0, 1, 2]);
  });

  it('names each level as the sheet prints it', () => {
    expect(LEVEL_NAMES).toEqual({ 0: 'Fácil', 1: 'Médio', 2: 'Difícil' });
    for (const level of LEVELS) expect(LEVEL_NAMES[level.value]).toBe(level.name);
  });

  it('gives every level its school years, a slug and a badge colour, all different', () => {
    for (const key of ['name', 'grades', 'slug', 'colour'] as const)
      expect(new Set(LEVELS.map((level) => level[key])).size, key).toBe(LEVELS.length);
    for (const level of LEVELS) expect(level.colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('the API takes exactly the levels of the table', () => {
    for (const value of [...LEVEL_VALUES, -1, 3, 1.5, '1', null]) {
      expect(LevelSchema.safeParse(value).success, String(value)).toBe(isLevel(value));
      const page = { add: true, sub: false, mult: false, div: false, answers: true, level: value };
      expect(PageOptionsSchema.safeParse(page).success, String(value)).toBe(isLevel(value));
    }
  });
});
