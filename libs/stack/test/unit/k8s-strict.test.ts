import { describe, expect, it } from 'vitest';
import { unknownFields } from '../support/k8s-strict.js';

const deployment = (probe: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'auth' },
  spec: {
    selector: { matchLabels: { app: 'auth' } },
    template: {
      metadata: { labels: { app: 'auth' } },
      spec: { containers: [{ name: 'auth', image: 'x:1', readinessProbe: probe }] },
    },
    ...extra,
  },
});

// TypeScript checks the literals against the models' declarations: seconds of CPU, more on a busy machine.
describe('the strict manifest check (unknown fields)', () => {
  it('passes objects whose every field is in the schema', () => {
    expect(
      unknownFields([deployment({ httpGet: { path: '/ready', port: 3000 }, periodSeconds: 5 })]),
    ).toEqual([]);
  });

  it('names a misspelt field deep in a pod template, and the object it is in', () => {
    const problems = unknownFields([
      deployment({ httpGet: { path: '/ready', port: 3000 }, perodSeconds: 5 }),
      {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: 'gateway' },
        spec: { maxUnavailabel: 1, selector: { matchLabels: { app: 'gateway' } } },
      },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Deployment\/auth: .*'perodSeconds'/);
    expect(problems[1]).toMatch(/^PodDisruptionBudget\/gateway: .*'maxUnavailabel'/);
  });

  it('checks the KEDA ScaledObject too', () => {
    const problems = unknownFields([
      {
        apiVersion: 'keda.sh/v1alpha1',
        kind: 'ScaledObject',
        metadata: { name: 'pdf-worker' },
        spec: { scaleTargetRef: { name: 'pdf-worker' }, triggers: [], maxReplicas: 3 },
      } as never,
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/ScaledObject\/pdf-worker: .*'maxReplicas'/);
  });
});
