import { availableParallelism } from 'node:os';
import puppeteer, { type Browser, type CDPSession } from 'puppeteer-core';
import { chromiumEnv, resolveChromium } from '@app/browser';
import { READING_MAP, type ReadingMap } from '../domain/reading-marks.js';
import { RenderQueue, type RenderKind } from '../domain/render-queue.js';
import { SHEET_MM, sheetShellHtml, type SheetDocument } from '../domain/sheet-html.js';
import type { Outputs, Rendered, RenderOptions, TabPool } from '../domain/tab-pool.js';
import { browserMemoryMb } from './browser-memory.js';

export type { RenderKind };
export type { Outputs, Rendered, RenderedFiles, RenderOptions } from '../domain/tab-pool.js';

export interface RecycleEvent {
  reason: 'memory' | 'crash';
  /** What the retired browser used, for a memory recycle. */
  memoryMb?: number;
  launches: number;
}

export interface BrowserPoolOptions {
  /** Tabs rendering at the same time (PDF_TABS). */
  size?: number;
  /**
   * Replace the browser once it and its processes use more than this many MB (PDF_BROWSER_MAX_MB): a new one is
   * launched and warmed while the old one keeps rendering, then the old one retires when its last render is done.
   * 0: never (a crash still brings a new browser).
   */
  maxMemoryMb?: number;
  /** Defaults to `resolveChromium()`: $CHROME_PATH, a headless shell, then a full browser. */
  executablePath?: string;
  /** Longest a single browser call (fill, print, screenshot) may take before the tab counts as broken. */
  callTimeoutMs?: number;
  /** The thumbnail's pixels per CSS pixel (THUMBNAIL_SCALE; the benchmark compares others). */
  thumbnailScale?: number;
  /** Told when the browser is replaced, and why (the worker logs it). */
  onRecycle?(event: RecycleEvent): void;
}

export interface BrowserPoolStats {
  /** Browsers launched so far (the first one included). */
  launches: number;
  /** Renders that succeeded. */
  rendered: number;
  /** Renders run again on a fresh tab or browser after a failure. */
  retried: number;
  /** Browsers replaced, after a crash or for their memory. */
  recycled: number;
  /** Pid of the browser taking new renders, if one is running. */
  pid: number | undefined;
  /** Last memory reading of that browser and its processes, MB (null: not read yet, or not Linux). */
  memoryMb: number | null;
}

/**
 * The thumbnail is the sheet at its CSS size: 794 × 1123 pixels for A4 (96 dots per inch), so that 'Ampliar prévia'
 * shows a problem's words as tall as on paper (at 0.5, the size before, they were 7 px: unreadable on a phone).
 */
export const THUMBNAIL_SCALE = 1;

const LAUNCH_ARGS = [
  // Glyph advances follow the machine's fontconfig hinting unless hinting is off: without this flag the same sheet
  // lays out a few hundredths of a point differently from one machine to the next (https://github.com/puppeteer/puppeteer/issues/2410).
  '--font-render-hinting=none',
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // A headless shell draws a frame only when asked (HeadlessExperimental.beginFrame): an idle tab costs nothing and
  // a thumbnail is exactly one frame, drawn whole. A full browser ignores these and draws on its own clock.
  '--enable-begin-frame-control',
  '--run-all-compositor-stages-before-draw',
  '--disable-new-content-rendering-timeout',
];

/**
 * Frames are drawn at the thumbnail's size: the layout stays in CSS pixels (and the PDF is vector), only the pixels
 * drawn change. Chromium does not go below 0.5.
 */
const scaleArg = (thumbnailScale: number) => `--force-device-scale-factor=${thumbnailScale}`;

/** The browser sheets are laid out in: the pool's, and the layout tests' (the same fonts and flags). */
export function launchSheetBrowser(
  executablePath: string,
  protocolTimeout: number,
  thumbnailScale = THUMBNAIL_SCALE,
): Promise<Browser> {
  return puppeteer.launch({
    executablePath,
    // A FONTCONFIG_FILE set by the operator wins over the packaged browser's own.
    env: { ...chromiumEnv(executablePath), ...process.env },
    headless: true,
    // Talk over a pipe, not a WebSocket: when the worker dies (even by SIGKILL) the pipe closes and Chromium
    // exits with it instead of lingering as an orphan.
    pipe: true,
    args: [...LAUNCH_ARGS, scaleArg(thumbnailScale)],
    protocolTimeout,
  });
}

/** Loads every face the page declares and answers the font set's status once they are ("loaded" then). */
export const FONTS_LOADED =
  'Promise.all(Array.from(document.fonts, (face) => face.load())).then(() => document.fonts.ready).then((set) => set.status)';

/** Puts a sheet into a tab's page (whose head already holds the fonts) and answers the font set's status. */
const fillExpression = ({ title, css, body }: SheetDocument) =>
  `((title, css, body) => {
    document.title = title;
    document.getElementById('sheet').textContent = css;
    document.body.innerHTML = body;
    return ${FONTS_LOADED};
  })(${JSON.stringify(title)}, ${JSON.stringify(css)}, ${JSON.stringify(body)})`;

/** A render is tried on up to this many tabs: a crash takes down the renders in flight, and they deserve another go. */
const MAX_ATTEMPTS = 3;

/** Frames asked for one thumbnail before the tab counts as broken. */
const FRAME_ATTEMPTS = 3;

/** Renders between two readings of the browser's memory (a few files of /proc per process, off the render path). */
const MEMORY_CHECK_EVERY = 20;

/** CSS pixels (96 per inch) of one A4 sheet, the area the thumbnail shows. */
const MM_TO_CSS_PX = 96 / 25.4;
const SHEET_PX = { width: SHEET_MM.width * MM_TO_CSS_PX, height: SHEET_MM.height * MM_TO_CSS_PX };

/** Chromium's PDFs keep page dictionaries uncompressed: one `/Type /Page` per page (`/Pages` is the tree). */
export function countPdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** One launched browser and its tabs. */
interface Generation {
  launch: number;
  browser: Browser;
  /** The browser-wide protocol session: opens and closes the tabs. */
  control: CDPSession;
  /** Frames drawn on request (a headless shell), else screenshots of what the browser drew by itself. */
  frames: boolean;
  idle: Tab[];
  leased: number;
  /** Replaced by a newer browser: takes no new renders, closes once its last one is done. */
  retiring: boolean;
  rendersSinceCheck: number;
  checkingMemory: boolean;
  /** The frame being drawn, if any: the next one waits for it (#drawOne). */
  drawing: Promise<void>;
}

interface Tab {
  targetId: string;
  session: CDPSession;
  generation: Generation;
}

/**
 * One long-lived Chromium with a fixed set of reused tabs. Launching Chromium per page costs ~600 ms and a new tab
 * ~150 ms; a warm tab whose page already holds the fonts takes a sheet in a few milliseconds and draws it in one
 * frame.
 *
 * Renders wait for a free tab in the order of render-queue.ts (previews, then documents, then work ahead of time).
 * A render whose tab fails (a crash, a killed browser, a timeout) runs again on a fresh tab, up to MAX_ATTEMPTS times.
 * When the browser dies, a new one is launched and the waiting renders run on it; when it grows past `maxMemoryMb`,
 * its replacement is launched and warmed first, so no render waits for a launch.
 */
export class BrowserPool implements TabPool {
  readonly size: number;
  readonly maxMemoryMb: number;
  #executablePath: string | undefined;
  readonly #callTimeoutMs: number;
  readonly #thumbnailScale: number;
  readonly #onRecycle: BrowserPoolOptions['onRecycle'];
  readonly #queue: RenderQueue<Tab>;

  #current: Generation | null = null;
  /** A browser being launched: the first one, a replacement after a crash, or a warm replacement. */
  #launching: Promise<Generation> | null = null;
  /** Retired browsers still finishing renders. */
  readonly #retiring = new Set<Generation>();
  #launchCount = 0;
  #tabCount = 0;
  #closed = false;
  #rendered = 0;
  #retried = 0;
  #recycled = 0;
  #memoryMb: number | null = null;
  /** Previews and documents asked for and not done yet, and when the last one was (quiet()). */
  #asked = 0;
  #lastAskedAt = Number.NEGATIVE_INFINITY;

  constructor(options: BrowserPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.maxMemoryMb = Math.max(0, options.maxMemoryMb ?? 0);
    this.#executablePath = options.executablePath;
    this.#callTimeoutMs = options.callTimeoutMs ?? 30_000;
    this.#thumbnailScale = options.thumbnailScale ?? THUMBNAIL_SCALE;
    this.#onRecycle = options.onRecycle;
    this.#queue = new RenderQueue<Tab>(this.size);
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
      recycled: this.#recycled,
      pid: this.#current?.browser.process()?.pid,
      memoryMb: this.#memoryMb,
    };
  }

  /** Renders waiting for a tab now, by kind. */
  waiting(kind: RenderKind): number {
    return this.#queue.waiting(kind);
  }

  /** Launches the browser and opens every tab, so the first render does not pay for it. */
  async warm(): Promise<void> {
    if (this.#closed) throw new Error('BrowserPool is closed');
    if (!this.#current) await this.#replace('start');
  }

  async render<O extends Outputs>(sheet: SheetDocument, options: RenderOptions<O>): Promise<Rendered<O>> {
    const kind = options.kind ?? 'document';
    const asked = kind !== 'ahead';
    if (asked) this.#asked++;
    try {
      for (let attempt = 1; ; attempt++) {
        const tab = await this.#acquire(kind);
        try {
          const rendered = await this.#renderOn(tab, sheet, options.outputs, options.reading === true);
          this.#rendered++;
          this.#release(tab);
          return rendered as Rendered<O>;
        } catch (error) {
          this.#discard(tab);
          if (attempt >= MAX_ATTEMPTS || this.#closed) throw error;
          this.#retried++;
        }
      }
    } finally {
      if (asked) {
        this.#asked--;
        this.#lastAskedAt = performance.now();
      }
    }
  }

  /**
   * Resolves once no preview or document has been waiting or rendering for `quietMs` (or the pool is closed): work
   * ahead of time waits for it, so that a parent generating page after page does not find a tab printing a PDF for a
   * page already skipped.
   */
  async quiet(quietMs: number): Promise<void> {
    while (!this.#closed) {
      const left = this.#asked > 0 ? quietMs : this.#lastAskedAt + quietMs - performance.now();
      if (left <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, left));
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.failAll(new Error('BrowserPool is closed'));
    const generations = [this.#current, ...this.#retiring].filter((g): g is Generation => g !== null);
    this.#current = null;
    this.#retiring.clear();
    // A launch under way closes its own browser when it lands (see #replace).
    await this.#launching?.catch(() => undefined);
    await Promise.all(generations.map((g) => closeBrowser(g.browser)));
  }

  /**
   * The page was loaded once with the fonts; a render puts the sheet's title, style sheet and body into it (no
   * navigation, no font to decode), then draws one frame for the thumbnail and/or prints the PDF. Printing goes
   * straight to the DevTools protocol: puppeteer's `page.pdf()` streams the file back in chunks.
   */
  async #renderOn({ session, generation }: Tab, sheet: SheetDocument, outputs: Outputs, reading: boolean) {
    const filled = await session.send('Runtime.evaluate', {
      expression: fillExpression(sheet),
      awaitPromise: true,
      returnByValue: true,
    });
    if (filled.exceptionDetails || filled.result.value !== 'loaded') {
      throw new Error(
        `The sheet did not load: ${filled.exceptionDetails?.text ?? String(filled.result.value)}`,
      );
    }
    const png =
      outputs === 'pdf'
        ? undefined
        : await this.#drawOne(generation, () => thumbnail(session, generation.frames));
    if (outputs === 'png') return { png };
    const map = reading ? await measureReading(session) : undefined;
    const printed = await session.send('Page.printToPDF', {
      preferCSSPageSize: true,
      printBackground: true,
      scale: 1,
      // Tagging (an accessibility structure nobody reads on a worksheet) slows printing and adds ~60% to the file.
      generateTaggedPDF: false,
      transferMode: 'ReturnAsBase64',
    });
    const pdf = Buffer.from(printed.data, 'base64');
    return { pdf, pages: countPdfPages(pdf), ...(png ? { png } : {}), ...(map ? { reading: map } : {}) };
  }

  /**
   * Frames are drawn one at a time per browser: two windows asking for a frame at once get undrawn frames back (and
   * now and then a crashed browser). Filling and printing still run in every tab at once.
   */
  #drawOne<T>(generation: Generation, draw: () => Promise<T>): Promise<T> {
    const turn = generation.drawing.then(draw);
    generation.drawing = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  #acquire(kind: RenderKind): Promise<Tab> {
    if (this.#closed) return Promise.reject(new Error('BrowserPool is closed'));
    const tab = this.#queue.enqueue(kind);
    this.#dispatch();
    if (!this.#current && !this.#launching) this.#replace('start').catch(() => undefined);
    return tab;
  }

  /** Hands the current browser's free tabs to the renders whose turn it is. */
  #dispatch(): void {
    const generation = this.#current;
    if (!generation) return;
    while (generation.idle.length && this.#queue.length) {
      const tab = generation.idle.pop()!;
      if (!this.#queue.grant(tab, generation.idle.length)) {
        generation.idle.push(tab);
        return;
      }
      generation.leased++;
    }
  }

  #release(tab: Tab): void {
    const { generation } = tab;
    generation.leased--;
    if (generation !== this.#current) return this.#closeIfDone(generation);
    generation.idle.push(tab);
    this.#dispatch();
    this.#checkMemory(generation);
  }

  /**
   * A tab that failed may hold a crashed renderer or half-loaded state: close it and open a fresh one. If the
   * browser itself is gone, replace it now rather than when its 'disconnected' event arrives, so the retry waits for
   * the new browser instead of picking another dead tab.
   */
  #discard(tab: Tab): void {
    const { generation } = tab;
    generation.leased--;
    if (generation !== this.#current) return this.#closeIfDone(generation);
    if (!generation.browser.connected) return this.#onBrowserLost(generation);
    void generation.control.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => undefined);
    this.#openTab(generation).then(
      (fresh) => {
        if (generation !== this.#current) return;
        generation.idle.push(fresh);
        this.#dispatch();
      },
      () => this.#onBrowserLost(generation),
    );
  }

  /** Every MEMORY_CHECK_EVERY renders, reads the browser's memory in the background and replaces it when too big. */
  #checkMemory(generation: Generation): void {
    if (!this.maxMemoryMb || generation.checkingMemory) return;
    if (++generation.rendersSinceCheck < MEMORY_CHECK_EVERY) return;
    const pid = generation.browser.process()?.pid;
    if (pid === undefined) return;
    generation.rendersSinceCheck = 0;
    generation.checkingMemory = true;
    browserMemoryMb(pid)
      .then((memoryMb) => {
        this.#memoryMb = memoryMb;
        if (memoryMb !== null && memoryMb > this.maxMemoryMb && generation === this.#current) {
          this.#replace('memory', memoryMb).catch(() => undefined);
        }
      })
      .catch(() => undefined)
      .finally(() => (generation.checkingMemory = false));
  }

  #onBrowserLost(generation: Generation): void {
    if (generation !== this.#current || this.#closed) return;
    this.#current = null;
    if (this.#launching) return;
    this.#replace('crash').catch(() => undefined);
  }

  /**
   * Launches a browser and makes it the one taking renders once all its tabs are open; the one it replaces retires.
   * If no browser is left to render (the first launch, or after a crash) and the launch fails, the waiting renders
   * fail with its error; a failed memory replacement leaves the old browser at work.
   */
  #replace(reason: 'start' | 'crash' | 'memory', memoryMb?: number): Promise<Generation> {
    if (this.#launching) return this.#launching;
    const launching = this.#launch();
    this.#launching = launching;
    launching.then(
      (generation) => {
        this.#launching = null;
        if (this.#closed) {
          void closeBrowser(generation.browser);
          return;
        }
        const previous = this.#current;
        this.#current = generation;
        if (previous) this.#retire(previous);
        if (reason !== 'start') {
          this.#recycled++;
          this.#onRecycle?.({ reason, memoryMb, launches: this.#launchCount });
        }
        this.#dispatch();
      },
      (error: unknown) => {
        this.#launching = null;
        if (!this.#current) this.#queue.failAll(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return launching;
  }

  #retire(generation: Generation): void {
    generation.retiring = true;
    generation.idle = [];
    this.#retiring.add(generation);
    this.#closeIfDone(generation);
  }

  #closeIfDone(generation: Generation): void {
    if (!generation.retiring || generation.leased > 0 || !this.#retiring.delete(generation)) return;
    void closeBrowser(generation.browser);
  }

  async #launch(): Promise<Generation> {
    const launch = ++this.#launchCount;
    this.#executablePath ??= (await resolveChromium()).path;
    const browser = await launchSheetBrowser(this.#executablePath, this.#callTimeoutMs, this.#thumbnailScale);
    try {
      const generation: Generation = {
        launch,
        browser,
        control: await browser.target().createCDPSession(),
        frames: true,
        idle: [],
        leased: 0,
        retiring: false,
        rendersSinceCheck: 0,
        checkingMemory: false,
        drawing: Promise.resolve(),
      };
      browser.once('disconnected', () => this.#onBrowserLost(generation));
      // The first tab finds out whether this browser draws frames on request; the others follow in parallel.
      const first = await this.#openTab(generation, true);
      const others = await Promise.all(
        Array.from({ length: this.size - 1 }, () => this.#openTab(generation)),
      );
      generation.idle = [first, ...others];
      return generation;
    } catch (error) {
      await closeBrowser(browser);
      throw error;
    }
  }

  /**
   * A tab in a window of its own (a browser that draws by itself paints only the front tab of a window), at the
   * sheet's size, holding the page with the fonts, loaded once.
   */
  async #openTab(generation: Generation, findOutFrames = false): Promise<Tab> {
    const url = `about:blank#tab-${generation.launch}-${++this.#tabCount}`;
    const { targetId } = await generation.control.send('Target.createTarget', {
      url,
      newWindow: true,
      enableBeginFrameControl: generation.frames,
    });
    const target = await generation.browser.waitForTarget((t) => t.url() === url, {
      timeout: this.#callTimeoutMs,
    });
    const session = await target.createCDPSession();
    await session.send('Emulation.setDeviceMetricsOverride', {
      width: Math.ceil(SHEET_PX.width),
      height: Math.ceil(SHEET_PX.height),
      deviceScaleFactor: 0,
      mobile: false,
    });
    if (findOutFrames) generation.frames = await drawsOnRequest(session);
    const { frameTree } = await session.send('Page.getFrameTree');
    await session.send('Page.setDocumentContent', { frameId: frameTree.frame.id, html: sheetShellHtml() });
    const fonts = await session.send('Runtime.evaluate', {
      expression: FONTS_LOADED,
      awaitPromise: true,
      returnByValue: true,
    });
    if (fonts.exceptionDetails || fonts.result.value !== 'loaded') {
      throw new Error(
        `The sheet's fonts did not load: ${fonts.exceptionDetails?.text ?? fonts.result.value}`,
      );
    }
    return { targetId, session, generation };
  }
}

/** Whether the browser draws a frame when asked: a headless shell does; a full browser has no such command. */
async function drawsOnRequest(session: CDPSession): Promise<boolean> {
  try {
    await session.send('HeadlessExperimental.beginFrame', { noDisplayUpdates: true });
    return true;
  } catch {
    return false;
  }
}

/** Where the sheet in the tab prints its answer boxes (reading-marks.ts), measured in the layout about to print. */
async function measureReading(session: CDPSession): Promise<ReadingMap> {
  const measured = await session.send('Runtime.evaluate', { expression: READING_MAP, returnByValue: true });
  if (measured.exceptionDetails)
    throw new Error(`The reading map was not measured: ${measured.exceptionDetails.text}`);
  return measured.result.value as ReadingMap;
}

/**
 * The thumbnail of page 1: one frame drawn on request, or (a full browser) a screenshot of what it drew. The
 * viewport is the first A4 box (the sheet's screen layout is its print layout), drawn at THUMBNAIL_SCALE.
 */
async function thumbnail(session: CDPSession, frames: boolean): Promise<Buffer> {
  if (frames) {
    // A frame can come back undrawn (no screenshot) when the compositor skips it; the next one is drawn.
    for (let attempt = 1; attempt <= FRAME_ATTEMPTS; attempt++) {
      const frame = await session.send('HeadlessExperimental.beginFrame', {
        screenshot: { format: 'png', optimizeForSpeed: true },
      });
      if (frame.screenshotData) return Buffer.from(frame.screenshotData, 'base64');
    }
    throw new Error('The browser drew no frame for the thumbnail');
  }
  const shot = await session.send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    captureBeyondViewport: false,
    clip: { x: 0, y: 0, width: SHEET_PX.width, height: SHEET_PX.height, scale: 1 },
  });
  return Buffer.from(shot.data, 'base64');
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
