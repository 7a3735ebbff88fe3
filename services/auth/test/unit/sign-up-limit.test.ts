import { describe, expect, it } from 'vitest';
import { ErrorCode, Msg, PlatformMessages } from '@app/contracts';
import { takeSignUpTurn } from '../../src/domain/sign-up-limit.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

/** Sign-ups (each may email an inbox the caller names) per caller address, in the shared limits. */
describe('takeSignUpTurn', () => {
  it('lets SIGN_UPS_PER_ADDRESS_PER_HOUR sign-ups from one address, then 429 in pt-BR; another address has its own', async () => {
    const w = memoryDeps(countingHasher(), { SIGN_UPS_PER_ADDRESS_PER_HOUR: 3 });
    for (let i = 0; i < 3; i++) await takeSignUpTurn(w.deps, '203.0.113.7');
    await expect(takeSignUpTurn(w.deps, '203.0.113.7')).rejects.toMatchObject({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      message: Msg.signUpsFromAddressRateLimited,
    });
    await expect(takeSignUpTurn(w.deps, '198.51.100.1')).resolves.toBeUndefined();
  });

  it('refuses with 503 in pt-BR while the limits’ store is out of reach: no mail goes out uncounted', async () => {
    const w = memoryDeps(countingHasher());
    w.limits.state.down = true;
    await expect(takeSignUpTurn(w.deps, '203.0.113.7')).rejects.toMatchObject({
      statusCode: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: PlatformMessages.unavailable,
    });
  });
});
