import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUNDLES, isBundleName } from '../../src/bundle.js';
import { pinnedNode } from '../../src/node-version.js';
import { fromRoot } from '../../src/paths.js';

/**
 * The production images (deploy/Dockerfile.*): a build stage that bundles, a deps stage that installs the bundle's
 * own lockfile, and a final stage on the Node 24 base (NODE_IMAGE) with only the bundle and those node_modules, non-root,
 * with a HEALTHCHECK. docker-compose.yml builds each process from the Dockerfile that bundles it.
 */
interface Stage {
  from: string;
  name?: string;
  lines: string[];
}

/** The stages of a Dockerfile, instructions joined across `\` continuations, comments dropped. */
function stages(file: string): Stage[] {
  const text = readFileSync(fromRoot('deploy', file), 'utf8');
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
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line);
    if (from) out.push({ from: from[1]!, name: from[2], lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

/** Each Dockerfile and the process it bundles (`${SERVICE}`: the services' shared one). */
const IMAGES = {
  'Dockerfile.service': '${SERVICE}',
  'Dockerfile.pdf-worker': 'pdf-worker',
  'Dockerfile.gateway': 'gateway',
  'Dockerfile.dev-providers': 'dev-providers',
} as const;

describe('production Dockerfiles', () => {
  for (const [file, name] of Object.entries(IMAGES)) {
    describe(file, () => {
      const all = stages(file);
      const final = all.at(-1)!;
      const build = all.find((s) => s.name === 'build')!;
      const deps = all.find((s) => s.name === 'deps')!;

      it('bundles in a build stage and installs only the bundle’s lockfile in a deps stage', () => {
        expect(build.lines.join('\n')).toMatch(
          /npm ci [^\n]*(\n|&&)[^]*npm run build:bundles -- "?\$?\{?[\w-]+\}?"?/,
        );
        expect(build.lines.join('\n')).toContain(
          `build:bundles -- ${name === '${SERVICE}' ? '"${SERVICE}"' : name}`,
        );
        expect(deps.lines).toContain(
          `COPY --from=build /src/dist/${name}/package.json /src/dist/${name}/package-lock.json ./`,
        );
        expect(deps.lines.join('\n')).toContain('npm ci --omit=dev --ignore-scripts');
      });

      it('runs the bundle with plain node on the Node 24 base, non-root, with a health check', () => {
        expect(final.from).toBe('${NODE_IMAGE}');
        const copies = final.lines.filter((l) => l.startsWith('COPY'));
        // Only the bundle, the deps stage's node_modules and (gateway) the built SPA: no sources, no repo.
        for (const c of copies)
          expect(c, file).toMatch(
            new RegExp(
              `^COPY --from=(deps /app/node_modules \\./node_modules|build /src/dist/${name.replace(/[${}]/g, '\\$&')}/ \\./|build /src/web/dist \\./web/dist)$`,
            ),
          );
        expect(copies.length).toBe(name === 'gateway' ? 3 : 2);
        expect(final.lines).toContain('USER node');
        expect(final.lines.join('\n')).not.toMatch(/tsx|\.ts\b/);
        expect(final.lines).toContain('CMD ["node", "--enable-source-maps", "main.mjs"]');
        const health = final.lines.find((l) => l.startsWith('HEALTHCHECK'))!;
        expect(health).toMatch(
          /CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|\d+\)\+'\/(ready|health)'\)/,
        );
        expect(health).toContain('process.exit(r.ok?0:1),()=>process.exit(1)');
        expect(final.lines.indexOf('USER node')).toBeGreaterThan(
          final.lines.findLastIndex((l) => l.startsWith('RUN') || l.startsWith('COPY')),
        );
      });
    });
  }

  it('builds every stage FROM one base, the Node of .nvmrc on bookworm-slim (NODE_IMAGE)', () => {
    const version = pinnedNode();
    for (const file of Object.keys(IMAGES)) {
      const text = readFileSync(fromRoot('deploy', file), 'utf8');
      expect(text, file).toContain(`\nARG NODE_IMAGE=node:${version}-bookworm-slim\n`);
      for (const stage of stages(file)) expect(stage.from, file).toBe('${NODE_IMAGE}');
    }
  });

  it('gives the pdf-worker Debian’s Chromium headless shell and DejaVu, and points CHROME_PATH at it', () => {
    const final = stages('Dockerfile.pdf-worker').at(-1)!.lines.join('\n');
    expect(final).toMatch(
      /apt-get install -y --no-install-recommends chromium-headless-shell fonts-dejavu-core/,
    );
    expect(final).toMatch(/ENV .*CHROME_PATH=\/usr\/lib\/chromium\/chromium-headless-shell( |$)/m);
  });

  it('serves the SPA from where the gateway’s ConfigMap says (WEB_DIST)', () => {
    const final = stages('Dockerfile.gateway').at(-1)!.lines.join('\n');
    const configMap = readFileSync(fromRoot('deploy/k8s/base/gateway.yaml'), 'utf8');
    const webDist = /WEB_DIST: '([^']+)'/.exec(configMap)![1]!;
    expect(final).toContain(`WEB_DIST=${webDist}`);
    expect(final).toContain(`COPY --from=build /src/web/dist .${webDist.replace(/^\/app/, '')}`);
  });
});

describe('docker-compose.yml builds each process from the Dockerfile that bundles it', () => {
  const compose = parse(readFileSync(fromRoot('docker-compose.yml'), 'utf8')) as {
    services: Record<
      string,
      { build?: { dockerfile: string; args?: Record<string, string> }; command?: unknown }
    >;
  };
  it('one bundle per built service, no command of its own', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(built.map(([n]) => n).sort()).toEqual(Object.keys(BUNDLES).sort());
    for (const [service, s] of built) {
      expect(isBundleName(service)).toBe(true);
      const file = s.build!.dockerfile.replace(/^deploy\//, '') as keyof typeof IMAGES;
      const bundled = IMAGES[file] === '${SERVICE}' ? s.build!.args?.SERVICE : IMAGES[file];
      expect(bundled, service).toBe(service);
      expect(s.command, service).toBeUndefined();
    }
  });
});
