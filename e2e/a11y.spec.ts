import { expect, test } from '@playwright/test';
import { castWithViewers, pathOf, screens } from './screens';
import { seriousViolations } from './support';

/**
 * Axe-core finds no serious or critical violation on any screen (the screen list of layout.spec.ts), on a
 * phone and on a desktop, as a member who asked for reduced motion sees them: a timed message (the builder's
 * 'clique em Editar' hint) then leaves at once instead of fading, so axe never meets it half-transparent however
 * slow the machine. The pulsing free-download prompt is checked at every phase of its animation below.
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

const viewers = castWithViewers();

for (const screen of screens) {
  test(`${screen.name} (${screen.viewer}): no serious or critical axe violation`, async () => {
    const page = await viewers.context(screen.viewer).newPage();
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize(SIZES[0]);
      await page.goto(pathOf(screen, viewers.cast()));
      await screen.ready(page);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        expect(await seriousViolations(page), `${screen.name} at ${size.width} px`).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });
}

test('the pulsing free-download prompt keeps its contrast at every phase of the animation', async () => {
  const page = await viewers.context('visitor').newPage();
  try {
    await page.goto('/');
    const prompt = page.getByTestId('download-prompt');
    await expect(prompt).toHaveClass(/home__prompt--pulsing/);
    // Pause the animation at its start, its faintest middle and three-quarters, and let axe measure each.
    for (const phase of [0, 0.25, 0.5, 0.75]) {
      await prompt.evaluate((el, at) => {
        for (const animation of el.getAnimations()) {
          animation.pause();
          animation.currentTime = 1400 * at;
        }
      }, phase);
      expect(await seriousViolations(page), `phase ${phase}`).toEqual([]);
      expect(await prompt.evaluate((el) => getComputedStyle(el).opacity), `phase ${phase}`).toBe('1');
    }
  } finally {
    await page.close();
  }
});
