/**
 * An image's SBOM (CycloneDX JSON), written by `npm run images:build` next to the images: the npm packages of the
 * process, as `npm sbom` listed them in the image's deps stage (/app/sbom.cdx.json inside the image), plus what the
 * base and the final stage installed outside npm: Debian's packages (from the image's dpkg status file), Node and
 * npm. The image itself is the SBOM's subject (`metadata.component`, type container).
 */

/** The part of a CycloneDX document this file reads and writes. */
export interface CycloneDx {
  bomFormat: 'CycloneDX';
  specVersion: string;
  serialNumber?: string;
  version?: number;
  metadata?: {
    timestamp?: string;
    tools?: unknown;
    component?: CycloneDxComponent;
    properties?: Array<{ name: string; value: string }>;
  };
  components?: CycloneDxComponent[];
  dependencies?: Array<{ ref: string; dependsOn?: string[] }>;
}
export interface CycloneDxComponent {
  type: string;
  'bom-ref'?: string;
  name: string;
  version?: string;
  purl?: string;
  [key: string]: unknown;
}

/** A package dpkg lists as installed. */
export interface DebPackage {
  name: string;
  version: string;
  arch: string;
}

/** The installed packages of a dpkg status file (`/var/lib/dpkg/status`). */
export function installedDebPackages(status: string): DebPackage[] {
  const out: DebPackage[] = [];
  for (const paragraph of status.split(/\n\s*\n/)) {
    const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(paragraph)?.[1]?.trim();
    const name = field('Package');
    const version = field('Version');
    if (!name || !version || !/\binstalled$/.test(field('Status') ?? '')) continue;
    out.push({ name, version, arch: field('Architecture') ?? 'all' });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A Debian package's purl (purl-spec, type deb); `debian` is the bookworm release of the images' base. */
export function debPurl(p: DebPackage, debianRelease: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%3A/g, ':');
  return `pkg:deb/debian/${enc(p.name)}@${enc(p.version)}?arch=${p.arch}&distro=debian-${debianRelease}`;
}

export interface ImageFacts {
  /** The image's name and tag, e.g. localhost/aritmetica-auth:abc1234. */
  image: string;
  /** The commit it was built from. */
  revision: string;
  /** amd64 or arm64. */
  arch: string;
  /** The Node and npm of the base (its NODE_VERSION and npm's package.json). */
  node: string;
  npm: string;
  /** Debian's major release of the base (12 for bookworm), from /etc/debian_version. */
  debianRelease: string;
  deb: DebPackage[];
}

/** The image's SBOM: npm's document with the image as its subject and the base's packages added. */
export function imageSbom(npmSbom: CycloneDx, facts: ImageFacts): CycloneDx {
  if (npmSbom.bomFormat !== 'CycloneDX') throw new Error('not a CycloneDX document');
  const [name, tag = ''] = splitImage(facts.image);
  const app = npmSbom.metadata?.component;
  const runtime: CycloneDxComponent[] = [
    {
      type: 'operating-system',
      'bom-ref': `os:debian@${facts.debianRelease}`,
      name: 'debian',
      version: facts.debianRelease,
    },
    {
      type: 'platform',
      'bom-ref': `runtime:node@${facts.node}`,
      name: 'node',
      version: facts.node,
      purl: `pkg:generic/node@${facts.node}?download_url=https://nodejs.org/dist/v${facts.node}/`,
    },
    {
      type: 'application',
      'bom-ref': `runtime:npm@${facts.npm}`,
      name: 'npm',
      version: facts.npm,
      purl: `pkg:npm/npm@${facts.npm}`,
    },
    ...facts.deb.map((p): CycloneDxComponent => ({
      type: 'library',
      'bom-ref': debPurl(p, facts.debianRelease),
      name: p.name,
      version: p.version,
      purl: debPurl(p, facts.debianRelease),
    })),
  ];
  return {
    ...npmSbom,
    metadata: {
      ...npmSbom.metadata,
      component: {
        type: 'container',
        'bom-ref': facts.image,
        name,
        version: tag,
        properties: [
          { name: 'org.opencontainers.image.revision', value: facts.revision },
          { name: 'architecture', value: facts.arch },
        ],
      },
    },
    components: [...(app ? [app] : []), ...(npmSbom.components ?? []), ...runtime],
    dependencies: [
      ...(npmSbom.dependencies ?? []),
      {
        ref: facts.image,
        dependsOn: [...(app?.['bom-ref'] ? [app['bom-ref']] : []), ...runtime.map((c) => c['bom-ref']!)],
      },
    ],
  };
}

/** `registry/name:tag` → [`registry/name`, `tag`]. */
function splitImage(image: string): [string, string?] {
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? [image.slice(0, colon), image.slice(colon + 1)] : [image];
}
