import { expect, test, type BrowserContext } from '@playwright/test';
import { contextFor, createCast, LONG_NAME, pathOf, screens, type Cast, type Viewer } from './screens';
import { screenshot } from './support';

/**
 * Issue 14: no screen scrolls sideways, from a small phone to a wide desktop, with a signed-in user whose name is
 * 80 characters (and 80-character names in the admin's user table).
 */
const WIDTHS = [320, 390, 768, 1366, 1920] as const;
const HEIGHT = 900;
/** The sizes of the walkthrough: every screen is saved at these for a person to look at. */
const SCREENSHOT_WIDTHS = new Set<number>([390, 1366]);

let cast: Cast;
const contexts = new Map<Viewer, BrowserContext>();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  cast = await createCast();
  for (const viewer of ['member', 'admin', 'visitor'] as const)
    contexts.set(viewer, await contextFor(browser, cast, viewer));
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.close();
});

for (const screen of screens) {
  test(`${screen.name} (${screen.viewer}) fits every width from 320 to 1920 px`, async () => {
    const page = await contexts.get(screen.viewer)!.newPage();
    try {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(pathOf(screen, cast));
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
