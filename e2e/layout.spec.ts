import { expect, test } from '@playwright/test';
import { castWithViewers, LONG_NAME, pathOf, screens } from './screens';
import { screenshot } from './support';

/**
 * No screen scrolls sideways, from a small phone to a wide desktop, with a signed-in user whose name is
 * 80 characters (and 80-character names in the admin's user table).
 */
const WIDTHS = [320, 390, 768, 1366, 1920] as const;
const HEIGHT = 900;
/** The sizes of the walkthrough: every screen is saved at these for a person to look at. */
const SCREENSHOT_WIDTHS = new Set<number>([390, 1366]);

const viewers = castWithViewers();

for (const screen of screens) {
  test(`${screen.name} (${screen.viewer}) fits every width from 320 to 1920 px`, async () => {
    const page = await viewers.context(screen.viewer).newPage();
    try {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(pathOf(screen, viewers.cast()));
      await screen.ready(page);
      // Signed in, the header greets the 80-character name: cut with an ellipsis, the whole of it in the title.
      if (screen.viewer !== 'visitor')
        await expect(page.locator('.greeting')).toHaveAttribute('title', `Olá, ${LONG_NAME}`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${screen.name} at ${width} px`).toBeLessThanOrEqual(clientWidth);
        if (SCREENSHOT_WIDTHS.has(width)) await screenshot(page, `layout-${screen.name}-${width}`);
      }
    } finally {
      await page.close();
    }
  });
}
