import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productionBusAuthorization } from '@app/contracts';
import { BUS_AUTHORIZATION_FILE } from '../../src/bus-server.js';

describe('deploy/k8s/base/nats/authorization.conf', () => {
  it('is what the contracts generate (run `npm run bus:config` after changing a subject or a role)', () => {
    expect(readFileSync(BUS_AUTHORIZATION_FILE, 'utf8')).toBe(productionBusAuthorization());
  });
});
