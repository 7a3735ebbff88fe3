import { describe, expect, it } from 'vitest';
import {
  ChromiumNotFoundError,
  resolveChromium,
  SYSTEM_HEADLESS_SHELL_PATHS,
  systemHeadlessShell,
} from '../../src/index.js';

describe('resolveChromium', () => {
  it('uses CHROME_PATH first when it points at an executable', async () => {
    const resolved = await resolveChromium({ CHROME_PATH: process.execPath });
    expect(resolved).toEqual({
      path: process.execPath,
      source: 'CHROME_PATH',
      label: `CHROME_PATH (${process.execPath})`,
    });
  });

  it('refuses a CHROME_PATH that does not exist with one pt-BR line naming the variable', async () => {
    const attempt = resolveChromium({ CHROME_PATH: '/nao/existe/chromium' });
    await expect(attempt).rejects.toBeInstanceOf(ChromiumNotFoundError);
    await expect(attempt).rejects.toThrow(
      /^CHROME_PATH aponta para \/nao\/existe\/chromium, que não existe ou não é executável: [^\n]+$/,
    );
  });

  it('without CHROME_PATH takes the system headless shell when there is one, else the packaged one', async () => {
    const shell = await systemHeadlessShell();
    const resolved = await resolveChromium({});
    if (shell) {
      expect(SYSTEM_HEADLESS_SHELL_PATHS).toContain(resolved.path);
      expect(resolved.source).toBe('system');
      expect(resolved.label).toBe(`headless shell do sistema (${shell})`);
    } else {
      expect(resolved.source).toBe('packaged');
      expect(resolved.path).toMatch(/aritmetica-chromium-[\d.]+\/chromium$/);
    }
  });
});
