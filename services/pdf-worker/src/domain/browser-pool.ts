import { availableParallelism } from 'node:os';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { chromiumEnv, resolveChromium } from '@app/browser';
import { SHEET_MM } from './sheet-html.js';

export interface BrowserPoolOptions {
  /** Tabs rendering at the same time. Chromium's CPU is the bottleneck, so more tabs than cores buy nothing. */
  size?: number;
  /** Relaunch the browser after this many jobs, so that leaks in a long-lived Chromium stay bounded. */
  restartEvery?: number;
  /** Defaults to `resolveChromium()`: $CHROME_PATH, the system's Chromium, then the packaged one. */
  executablePath?: string;
  /** Width of the PNG thumbnail of page 1, in pixels. */
  thumbnailWidth?: number;
  /** Longest a single browser call (load, print, screenshot) may take before the tab counts as broken. */
  callTimeoutMs?: number;
}

export interface RenderedSheet {
  pdf: Buffer;
  png: Buffer;
  pages: number;
}

export interface BrowserPoolStats {
  /** Browsers launched so far (the first one included). */
  launches: number;
  /** Jobs that produced a PDF. */
  rendered: number;
  /** Jobs run again on a fresh tab or browser after a failure. */
  retried: number;
  /** Pid of the current browser process, if one is running. */
  pid: number | undefined;
}

const LAUNCH_ARGS = [
  // Glyph advances follow the machine's fontconfig hinting unless hinting is off: without this flag the same sheet
  // lays out a few hundredths of a point differently from one machine to the next (puppeteer issue 2410).
  '--font-render-hinting=none',
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** The browser sheets are laid out in: the pool's, and the layout tests' (the same fonts and flags). */
export function launchSheetBrowser(executablePath: string, protocolTimeout: number): Promise<Browser> {
  return puppeteer.launch({
    executablePath,
    // A FONTCONFIG_FILE set by the operator wins over the packaged browser's own.
    env: { ...chromiumEnv(executablePath), ...process.env },
    headless: true,
    // Talk over a pipe, not a WebSocket: when the worker dies (even by SIGKILL) the pipe closes and Chromium
    // exits with it instead of lingering as an orphan.
    pipe: true,
    args: LAUNCH_ARGS,
    protocolTimeout,
  });
}

/** Loads every face the page declares and answers the font set's status once they are ("loaded" then). */
export const FONTS_LOADED =
  'Promise.all(Array.from(document.fonts, (face) => face.load())).then(() => document.fonts.ready).then((set) => set.status)';

/** A job is tried on up to this many tabs: a crash takes down the jobs in flight, and they deserve another go. */
const MAX_ATTEMPTS = 3;

/** CSS pixels (96 per inch) of one A4 sheet, the area the thumbnail shows. */
const MM_TO_CSS_PX = 96 / 25.4;
const SHEET_PX = { width: SHEET_MM.width * MM_TO_CSS_PX, height: SHEET_MM.height * MM_TO_CSS_PX };

/** Chromium's PDFs keep page dictionaries uncompressed: one `/Type /Page` per page (`/Pages` is the tree). */
export function countPdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

interface Tab {
  page: Page;
  cdp: CDPSession;
  /** The browser launch the tab belongs to; a tab from an older launch is dead. */
  launch: number;
}

interface Waiter {
  resolve: (tab: Tab) => void;
  reject: (error: Error) => void;
}

/**
 * One long-lived Chromium with a fixed set of reused tabs. Launching Chromium per page costs ~600 ms and a new tab
 * ~150 ms; a warm, reused tab renders a sheet in a few tens of milliseconds.
 *
 * A job waits for a free tab. A job whose tab fails (a tab crash, a killed browser, a timeout) is run again on a
 * fresh tab, up to MAX_ATTEMPTS times, and the broken tab is replaced; when the browser dies or has served
 * `restartEvery` jobs, a new one is launched and the waiting jobs run on it.
 */
export class BrowserPool {
  readonly size: number;
  readonly restartEvery: number;
  #executablePath: string | undefined;
  readonly #thumbnailScale: number;
  readonly #callTimeoutMs: number;

  #browser: Browser | null = null;
  #launchCount = 0;
  #starting: Promise<void> | null = null;
  #idle: Tab[] = [];
  #waiters: Waiter[] = [];
  /** Tabs of the current launch that are out on a job. */
  #leased = 0;
  /** Jobs handed to the current browser; at `restartEvery` no more are, and it is relaunched once idle. */
  #jobsOnBrowser = 0;
  #closed = false;
  #rendered = 0;
  #retried = 0;

  constructor(options: BrowserPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.restartEvery = Math.max(1, options.restartEvery ?? 500);
    this.#executablePath = options.executablePath;
    this.#thumbnailScale = (options.thumbnailWidth ?? 300) / SHEET_PX.width;
    this.#callTimeoutMs = options.callTimeoutMs ?? 30_000;
  }

  /** The browser binary, once the first launch has resolved it. */
  get executablePath(): string | undefined {
    return this.#executablePath;
  }

  get stats(): BrowserPoolStats {
    return {
      launches: this.#launchCount,
      rendered: this.#rendered,
      retried: this.#retried,
      pid: this.#browser?.process()?.pid,
    };
  }

  /** Launches the browser and opens every tab, so the first job does not pay for it. */
  async warm(): Promise<void> {
    if (this.#closed) throw new Error('BrowserPool is closed');
    if (!this.#browser || this.#starting) await this.#start();
  }

  async render(html: string): Promise<RenderedSheet> {
    for (let attempt = 1; ; attempt++) {
      const tab = await this.#acquire();
      try {
        const rendered = await this.#renderOn(tab, html);
        this.#rendered++;
        this.#release(tab);
        return rendered;
      } catch (error) {
        this.#discard(tab);
        if (attempt >= MAX_ATTEMPTS || this.#closed) throw error;
        this.#retried++;
      }
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#failWaiters(new Error('BrowserPool is closed'));
    await this.#starting?.catch(() => undefined);
    const browser = this.#browser;
    this.#browser = null;
    this.#idle = [];
    if (browser) await closeBrowser(browser);
  }

  /**
   * Printing and the screenshot go straight to the DevTools protocol: puppeteer's `page.pdf()` streams the file
   * back in chunks, a few milliseconds a page that Chromium's CPU, the bottleneck, is not spending.
   *
   * The sheet's fonts are data: URLs in its @font-face rules (`font-display: block`). The load event does not
   * promise they are ready: right after it `document.fonts.status` can still read "loading", and a face not
   * loaded at print time prints as blank text. So every face the page declares is loaded before printing, in a
   * single protocol call that answers in a millisecond or two once they are (measured: 1-2 ms a sheet).
   */
  async #renderOn({ page, cdp }: Tab, html: string): Promise<RenderedSheet> {
    await page.setContent(html, { waitUntil: 'load', timeout: this.#callTimeoutMs });
    const fonts = await cdp.send('Runtime.evaluate', {
      expression: FONTS_LOADED,
      awaitPromise: true,
      returnByValue: true,
    });
    if (fonts.exceptionDetails || fonts.result.value !== 'loaded') {
      throw new Error(
        `The sheet's fonts did not load: ${fonts.exceptionDetails?.text ?? String(fonts.result.value)}`,
      );
    }
    const printed = await cdp.send('Page.printToPDF', {
      preferCSSPageSize: true,
      printBackground: true,
      scale: 1,
      // Tagging (an accessibility structure nobody reads on a worksheet) slows printing and adds ~60% to the file.
      generateTaggedPDF: false,
      transferMode: 'ReturnAsBase64',
    });
    // The sheet's screen layout is its print layout (see sheet-html.ts): the first A4 box on screen is page 1.
    const shot = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: false,
      clip: { x: 0, y: 0, width: SHEET_PX.width, height: SHEET_PX.height, scale: this.#thumbnailScale },
    });
    const pdf = Buffer.from(printed.data, 'base64');
    return { pdf, png: Buffer.from(shot.data, 'base64'), pages: countPdfPages(pdf) };
  }

  #acquire(): Promise<Tab> {
    if (this.#closed) return Promise.reject(new Error('BrowserPool is closed'));
    const tab = this.#canLease() ? this.#idle.pop() : undefined;
    if (tab) return Promise.resolve(this.#lease(tab));
    const waiting = new Promise<Tab>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    if (!this.#browser && !this.#starting) this.#startInBackground();
    return waiting;
  }

  #canLease(): boolean {
    return this.#browser !== null && this.#starting === null && this.#jobsOnBrowser < this.restartEvery;
  }

  #lease(tab: Tab): Tab {
    this.#leased++;
    this.#jobsOnBrowser++;
    return tab;
  }

  /** Puts a tab back to work, or parks it when the browser is due for a restart. */
  #offer(tab: Tab): void {
    if (tab.launch !== this.#launchCount || this.#closed) return;
    const waiter = this.#canLease() ? this.#waiters.shift() : undefined;
    if (waiter) waiter.resolve(this.#lease(tab));
    else this.#idle.push(tab);
    this.#restartIfDue();
  }

  #release(tab: Tab): void {
    if (tab.launch !== this.#launchCount) return;
    this.#leased--;
    this.#offer(tab);
  }

  /**
   * A tab that failed may hold a crashed renderer or half-loaded state: close it and open a fresh one. If the
   * browser itself is gone, relaunch now rather than when its 'disconnected' event arrives, so the retry waits for
   * the new browser instead of picking another dead tab.
   */
  #discard(tab: Tab): void {
    if (tab.launch !== this.#launchCount) return;
    this.#leased--;
    const browser = this.#browser;
    if (!browser?.connected) {
      if (browser) this.#onBrowserLost(browser);
      return;
    }
    void tab.page.close().catch(() => undefined);
    this.#openTab(browser, tab.launch).then(
      (fresh) => this.#offer(fresh),
      () => this.#onBrowserLost(browser),
    );
  }

  #restartIfDue(): void {
    if (this.#jobsOnBrowser >= this.restartEvery && this.#leased === 0 && !this.#starting && !this.#closed) {
      this.#startInBackground();
    }
  }

  #onBrowserLost(browser: Browser): void {
    if (browser !== this.#browser || this.#closed || this.#starting) return;
    this.#startInBackground();
  }

  #startInBackground(): void {
    // Launch errors reach the waiting jobs through #failWaiters; nobody else awaits this promise.
    this.#start().catch(() => undefined);
  }

  #start(): Promise<void> {
    if (!this.#starting) {
      const starting: Promise<void> = this.#launch().finally(() => {
        if (this.#starting === starting) this.#starting = null;
      });
      this.#starting = starting;
    }
    return this.#starting;
  }

  async #launch(): Promise<void> {
    const launch = ++this.#launchCount;
    const previous = this.#browser;
    this.#browser = null;
    this.#idle = [];
    this.#leased = 0;
    this.#jobsOnBrowser = 0;
    if (previous) await closeBrowser(previous);
    let browser: Browser | undefined;
    try {
      this.#executablePath ??= (await resolveChromium()).path;
      browser = await launchSheetBrowser(this.#executablePath, this.#callTimeoutMs);
      const launched = browser;
      launched.once('disconnected', () => this.#onBrowserLost(launched));
      const tabs = await Promise.all(
        Array.from({ length: this.size }, () => this.#openTab(launched, launch)),
      );
      if (this.#closed) {
        await closeBrowser(browser);
        return;
      }
      this.#browser = browser;
      this.#idle = [];
      this.#starting = null;
      for (const tab of tabs) this.#offer(tab);
    } catch (error) {
      if (browser) await closeBrowser(browser);
      this.#failWaiters(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  /**
   * Each tab gets a window of its own: headless Chromium only paints the front tab of a window, and a screenshot
   * of a background tab never returns.
   */
  async #openTab(browser: Browser, launch: number): Promise<Tab> {
    const page = await browser.newPage({ type: 'window' });
    page.setDefaultTimeout(this.#callTimeoutMs);
    // The viewport holds the first sheet; the screenshot's clip scale (not a device scale factor, which a
    // window's screenshot ignores) brings it down to the thumbnail's width.
    await page.setViewport({ width: Math.ceil(SHEET_PX.width), height: Math.ceil(SHEET_PX.height) });
    return { page, cdp: await page.createCDPSession(), launch };
  }

  #failWaiters(error: Error): void {
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
  }
}

/** Closes politely, then makes sure: a wedged Chromium must not outlive its pool. */
async function closeBrowser(browser: Browser): Promise<void> {
  const child = browser.process();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    browser.close().catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, 5000))),
  ]);
  clearTimeout(timer);
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
