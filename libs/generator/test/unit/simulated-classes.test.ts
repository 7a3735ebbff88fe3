import { describe, expect, it } from 'vitest';
import { addFigures, LEVEL_OPERATIONS, NO_FIGURES, simulateClass } from '../support/simulate.js';

// The benchmark (npm run bench:diagnosis) runs 1 000 classes a level; this is a fixed sample of them, so a change
// that loses mistakes or names wrong ones fails here.
describe('simulated classes: 30 children with 0 to 2 mistakes and 5 % slips', () => {
  it.each([0, 1, 2] as const)(
    'level %i: finds 95 in 100 of the mistakes that show, names 95 in 100 right; each reforço sheet shows them on 60 % of its problems',
    (level) => {
      let figures = NO_FIGURES;
      for (let c = 0; c < 15; c++)
        figures = addFigures(figures, simulateClass(1000 + c, level, LEVEL_OPERATIONS[level][c % 5]!));
      expect(figures.children).toBe(450);
      expect(figures.findable).toBeGreaterThan(level === 0 ? 3 : 80);
      expect(figures.foundOfFindable / figures.findable).toBeGreaterThanOrEqual(0.95);
      expect(figures.namedRight / figures.named).toBeGreaterThanOrEqual(0.95);
      // Each child with a mistake found gets a reforço sheet on which its mistakes show on 60 % of the problems.
      expect(figures.reforcoSheets).toBeGreaterThan(level === 0 ? 3 : 80);
      expect(figures.reforcoSheetsAt60).toBe(figures.reforcoSheets);
    },
  );
});
