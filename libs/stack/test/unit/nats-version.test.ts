import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/paths.js';

/** Every `nats:<tag>` image the project names: compose, the Kubernetes base (its image and kustomize's tag), tests. */
function natsTags(): Record<string, string[]> {
  const files = [
    'docker-compose.yml',
    'deploy/k8s/base/nats.yaml',
    'deploy/k8s/base/kustomization.yaml',
    'libs/testing/src/infra.ts',
  ];
  return Object.fromEntries(
    files.map((f) => {
      const text = readFileSync(fromRoot(f), 'utf8');
      const tags = [
        ...text.matchAll(/\bnats:(\d+\.\d+[\w.-]*)/g),
        ...text.matchAll(/- name: nats\n\s+newTag: (\S+)/g),
      ];
      return [f, tags.map((m) => m[1]!)];
    }),
  );
}

describe('the NATS server of the launch paths', () => {
  it('is one exact version, 2.11 or newer, in compose, Kubernetes and the tests’ container fallback', () => {
    const tags = natsTags();
    for (const [file, found] of Object.entries(tags)) expect(found.length, file).toBeGreaterThan(0);
    const all = new Set(Object.values(tags).flat());
    expect(all.size).toBe(1);
    const [tag] = [...all];
    const [, major, minor] = /^(\d+)\.(\d+)\.\d+-alpine$/.exec(tag!) ?? [];
    expect(Number(major) * 100 + Number(minor)).toBeGreaterThanOrEqual(211);
  });
});
