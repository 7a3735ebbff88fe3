import { describe, expect, it } from 'vitest';
import { debPurl, imageSbom, installedDebPackages, type CycloneDx } from '../../src/image-sbom.js';

/** A dpkg status file as Debian writes it: one paragraph per package, a removed one among them. */
const STATUS = `Package: libc6
Status: install ok installed
Priority: optional
Architecture: arm64
Version: 2.36-9+deb12u14
Description: GNU C Library: Shared libraries
 Contains the standard libraries.

Package: chromium-headless-shell
Status: install ok installed
Architecture: arm64
Version: 1:156.0.8078.73-1~deb12u1

Package: old-thing
Status: deinstall ok config-files
Architecture: arm64
Version: 1.0

Package: tzdata
Status: install ok installed
Architecture: all
Version: 2025b-0+deb12u2
`;

/** What `npm sbom --sbom-format=cyclonedx` prints, cut down to its shape. */
const NPM: CycloneDx = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  serialNumber: 'urn:uuid:00000000-0000-4000-8000-000000000000',
  version: 1,
  metadata: {
    timestamp: '2026-12-01T02:00:00.000Z',
    component: {
      type: 'application',
      'bom-ref': 'aritmetica-auth@0.0.0',
      name: 'aritmetica-auth',
      version: '0.0.0',
    },
  },
  components: [
    { type: 'library', 'bom-ref': 'pg@8.23.1', name: 'pg', version: '8.23.1', purl: 'pkg:npm/pg@8.23.1' },
  ],
  dependencies: [{ ref: 'aritmetica-auth@0.0.0', dependsOn: ['pg@8.23.1'] }],
};

describe('an image’s SBOM', () => {
  it('reads the installed packages of a dpkg status file, not the removed ones', () => {
    expect(installedDebPackages(STATUS)).toEqual([
      { name: 'chromium-headless-shell', version: '1:156.0.8078.73-1~deb12u1', arch: 'arm64' },
      { name: 'libc6', version: '2.36-9+deb12u14', arch: 'arm64' },
      { name: 'tzdata', version: '2025b-0+deb12u2', arch: 'all' },
    ]);
  });

  it('names a Debian package by its purl (epoch kept, + encoded)', () => {
    expect(debPurl({ name: 'libc6', version: '2.36-9+deb12u14', arch: 'arm64' }, '12')).toBe(
      'pkg:deb/debian/libc6@2.36-9%2Bdeb12u14?arch=arm64&distro=debian-12',
    );
    expect(
      debPurl({ name: 'chromium-headless-shell', version: '1:156.0-1~deb12u1', arch: 'amd64' }, '12'),
    ).toBe('pkg:deb/debian/chromium-headless-shell@1:156.0-1~deb12u1?arch=amd64&distro=debian-12');
  });

  it('makes the image its subject and adds Debian, Node, npm and the Debian packages to npm’s list', () => {
    const sbom = imageSbom(NPM, {
      image: 'localhost/aritmetica-auth:abc1234',
      revision: 'abc1234def',
      arch: 'arm64',
      node: '24.21.0',
      npm: '11.19.1',
      debianRelease: '12',
      deb: installedDebPackages(STATUS),
    });
    expect(sbom.metadata!.component).toMatchObject({
      type: 'container',
      name: 'localhost/aritmetica-auth',
      version: 'abc1234',
    });
    expect(sbom.metadata!.component!.properties).toContainEqual({
      name: 'org.opencontainers.image.revision',
      value: 'abc1234def',
    });
    const names = sbom.components!.map((c) => `${c.type}:${c.name}@${c.version}`);
    expect(names).toEqual([
      'application:aritmetica-auth@0.0.0',
      'library:pg@8.23.1',
      'operating-system:debian@12',
      'platform:node@24.21.0',
      'application:npm@11.19.1',
      'library:chromium-headless-shell@1:156.0.8078.73-1~deb12u1',
      'library:libc6@2.36-9+deb12u14',
      'library:tzdata@2025b-0+deb12u2',
    ]);
    // Every reference of the dependency graph names a component or the image.
    const refs = new Set([
      sbom.metadata!.component!['bom-ref'],
      ...sbom.components!.map((c) => c['bom-ref']),
    ]);
    for (const d of sbom.dependencies!)
      for (const r of [d.ref, ...(d.dependsOn ?? [])]) expect(refs).toContain(r);
    expect(sbom.dependencies!.at(-1)!.ref).toBe('localhost/aritmetica-auth:abc1234');
    expect(sbom.serialNumber).toBe(NPM.serialNumber);
  });

  it('refuses what is not CycloneDX', () => {
    expect(() =>
      imageSbom({ bomFormat: 'SPDX' } as unknown as CycloneDx, {
        image: 'x:1',
        revision: 'r',
        arch: 'amd64',
        node: '24',
        npm: '11',
        debianRelease: '12',
        deb: [],
      }),
    ).toThrow(/CycloneDX/);
  });
});
