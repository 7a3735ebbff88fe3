import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUNDLES, isBundleName } from '../../src/bundle.js';
import { pinnedNode } from '../../src/node-version.js';
import { fromRoot } from '../../src/paths.js';

/**
 * The production images (deploy/Dockerfile): the workspace's install keyed by the manifests only, a build stage that
 * bundles every process, a deps stage per image that installs its bundle's own lockfile and lists it in an SBOM, and
 * one final stage per kind of image on the Node 24 base (NODE_IMAGE) with only the bundle, those node_modules and the
 * SBOM, non-root, with a HEALTHCHECK. docker-compose.yml builds each process from its target.
 */
interface Stage {
  from: string;
  platform?: string;
  name?: string;
  lines: string[];
}

const DOCKERFILE = readFileSync(fromRoot('deploy', 'Dockerfile'), 'utf8');

/** The stages of the Dockerfile, instructions joined across `\` continuations, comments dropped. */
function stages(text = DOCKERFILE): Stage[] {
  const instructions = text
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const out: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM (?:--platform=(\S+) )?(\S+)(?: AS (\S+))?$/i.exec(line);
    if (from) out.push({ platform: from[1], from: from[2]!, name: from[3], lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}
const stage = (name: string) => stages().find((s) => s.name === name)!;

/** Every workspace folder of package.json (`workspaces` globs of the form `dir/*` or `dir`). */
function workspaceFolders(): string[] {
  const globs = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  return globs
    .flatMap((g) =>
      g.endsWith('/*')
        ? readdirSync(fromRoot(g.slice(0, -2)), { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => `${g.slice(0, -2)}/${d.name}`)
        : [g],
    )
    .filter((folder) => existsSync(fromRoot(folder, 'package.json')))
    .sort();
}

/** The final stages, one per kind of image. */
const TARGETS = { service: 'auth, billing, …', gateway: 'gateway', 'pdf-worker': 'pdf-worker' } as const;

describe('the production Dockerfile', () => {
  it('installs the workspace from the lockfile and every workspace manifest before any source is copied', () => {
    const workspace = stage('workspace');
    expect(workspace.from).toBe('toolchain');
    const install = workspace.lines.findIndex((l) => l.startsWith('RUN'));
    expect(workspace.lines[install]).toMatch(/npm ci --ignore-scripts/);
    expect(workspace.lines.slice(0, install)).toEqual(['COPY --from=manifests /manifests/ ./']);
    expect(stage('toolchain').lines.join('\n')).not.toMatch(/COPY/);
  });

  it('hands the install exactly the lockfile, .npmrc and every workspace’s package.json (the manifests stage)', () => {
    const manifests = stage('manifests');
    expect(manifests.lines.slice(0, 2)).toEqual(['WORKDIR /src', 'COPY . .']);
    const script = /^RUN node -e "(.*)"$/.exec(manifests.lines[2]!)?.[1];
    expect(script).toBeDefined();
    const out = mkdtempSync(path.join(tmpdir(), 'manifests-'));
    try {
      execFileSync(process.execPath, ['-e', script!.replaceAll("'/manifests'", JSON.stringify(out))], {
        cwd: fromRoot(),
      });
      const copied = readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(out, path.join(e.parentPath, e.name)))
        .sort();
      expect(copied).toEqual(
        [
          '.npmrc',
          'package-lock.json',
          'package.json',
          ...workspaceFolders().map((f) => `${f}/package.json`),
        ].sort(),
      );
      expect(readFileSync(path.join(out, 'package-lock.json'), 'utf8')).toBe(
        readFileSync(fromRoot('package-lock.json'), 'utf8'),
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('copies the sources after the install, then bundles every process; the SPA in a stage of its own', () => {
    expect(stage('build').from).toBe('workspace');
    expect(stage('build').lines).toEqual(['COPY . .', 'RUN npm run build:bundles']);
    expect(stage('web').from).toBe('build');
    expect(stage('web').lines.join('\n')).toContain('npx nx run-many -t build');
  });

  it('installs only the bundle’s lockfile for the target’s architecture in a deps stage, and lists it in an SBOM', () => {
    const deps = stage('deps');
    expect(deps.lines).toContain(
      'COPY --from=build /src/dist/${NAME}/package.json /src/dist/${NAME}/package-lock.json ./',
    );
    const install = deps.lines.find((l) => l.startsWith('RUN'))!;
    expect(install).toMatch(/npm ci --omit=dev --ignore-scripts [^&]*--os=linux --cpu="\$cpu" --libc=glibc/);
    expect(install).toContain('npm sbom --omit=dev --sbom-format=cyclonedx');
    expect(install).toContain('>sbom.cdx.json');
    // The install is the stage's last step: the bundle goes straight from the build stage into the image.
    expect(deps.lines.at(-1)).toBe(install);
  });

  it('builds on the builder’s platform (BUILD_IMAGE) and runs on the target’s (NODE_IMAGE), both the Node of .nvmrc', () => {
    const version = pinnedNode();
    expect(DOCKERFILE).toContain(`\nARG NODE_IMAGE=node:${version}-bookworm-slim\n`);
    expect(DOCKERFILE).toContain(`\nARG BUILD_IMAGE=node:${version}-bookworm-slim\n`);
    for (const s of stages()) {
      if (s.name! in TARGETS) expect([s.from, s.platform], s.name).toEqual(['${NODE_IMAGE}', undefined]);
      else if (s.from.startsWith('$'))
        expect([s.from, s.platform], s.name).toEqual(['${BUILD_IMAGE}', '$BUILDPLATFORM']);
    }
  });

  for (const target of Object.keys(TARGETS)) {
    it(`${target}: runs the bundle with plain node, non-root, with a health check, its SBOM beside it`, () => {
      const final = stage(target);
      const copies = final.lines.filter((l) => l.startsWith('COPY'));
      // Only the bundle, the deps stage's SBOM and (gateway) the built SPA: no sources.
      const allowed = [
        'COPY --from=deps /app/sbom.cdx.json ./',
        'COPY --from=build /src/dist/${NAME}/ ./',
        ...(target === 'gateway' ? ['COPY --from=web /src/web/dist ./web/dist'] : []),
      ];
      expect([...copies].sort()).toEqual([...allowed].sort());
      // node_modules by a RUN from the deps stage, right after the SBOM its install wrote: the step's cache key (a
      // COPY of it would hash its 11 000 files on every build).
      const sbom = final.lines.indexOf('COPY --from=deps /app/sbom.cdx.json ./');
      expect(final.lines[sbom + 1]).toBe(
        'RUN --mount=type=bind,from=deps,source=/app/node_modules,target=/mnt/node_modules cp -a /mnt/node_modules ./',
      );
      // The payload last: the settings before it stay cached whatever changed.
      const payload = final.lines.slice(sbom);
      expect(payload.filter((l) => !/^(COPY|RUN --mount=type=bind,from=deps)/.test(l))).toEqual([
        'USER node',
      ]);
      expect(final.lines).toContain('USER node');
      expect(final.lines.join('\n')).not.toMatch(/tsx|\.ts\b/);
      expect(final.lines).toContain('CMD ["node", "--enable-source-maps", "main.mjs"]');
      const health = final.lines.find((l) => l.startsWith('HEALTHCHECK'))!;
      expect(health).toMatch(
        /CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|\d+\)\+/,
      );
      expect(health).toContain('process.exit(r.ok?0:1),()=>process.exit(1)');
      expect(final.lines.indexOf('USER node')).toBeGreaterThan(
        final.lines.findLastIndex((l) => l.startsWith('RUN') || l.startsWith('COPY')),
      );
    });
  }

  it('gives the pdf-worker Debian’s Chromium headless shell and DejaVu, and points CHROME_PATH at it', () => {
    const final = stage('pdf-worker').lines.join('\n');
    expect(final).toMatch(
      /apt-get install -y --no-install-recommends chromium-headless-shell fonts-dejavu-core/,
    );
    expect(final).toMatch(/ENV .*CHROME_PATH=\/usr\/lib\/chromium\/chromium-headless-shell( |$)/m);
  });

  it('serves the SPA from where the gateway’s ConfigMap says (WEB_DIST)', () => {
    const final = stage('gateway').lines.join('\n');
    const configMap = readFileSync(fromRoot('deploy/k8s/base/gateway.yaml'), 'utf8');
    const webDist = /WEB_DIST: '([^']+)'/.exec(configMap)![1]!;
    expect(final).toContain(`WEB_DIST=${webDist}`);
    expect(final).toContain(`COPY --from=web /src/web/dist .${webDist.replace(/^\/app/, '')}`);
  });
});

describe('docker-compose.yml builds each process from its target of deploy/Dockerfile', () => {
  const compose = parse(readFileSync(fromRoot('docker-compose.yml'), 'utf8')) as {
    services: Record<
      string,
      { build?: { dockerfile: string; target: string; args?: Record<string, string> }; command?: unknown }
    >;
  };
  it('one bundle per built service, no command of its own', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(built.map(([n]) => n).sort()).toEqual(Object.keys(BUNDLES).sort());
    for (const [service, s] of built) {
      expect(isBundleName(service)).toBe(true);
      expect(s.build!.dockerfile, service).toBe('deploy/Dockerfile');
      expect(s.build!.target, service).toBe(service in TARGETS ? service : 'service');
      expect(s.build!.args?.NAME, service).toBe(service);
      expect(s.command, service).toBeUndefined();
    }
  });
});
