import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, ok, type SignInSession } from '@app/contracts';
import { paths } from '../../src/paths';
import { landingFor, redirectAfterSignIn } from '../../src/routes/account/session';
import { rememberReturn, RETURN_QUERY } from '../../src/routes/account/returnAfterSignIn';
import { MemoryStorage } from './memoryStorage';

const member: SignInSession = {
  token: 't-member',
  email: 'ana@exemplo.com',
  fullname: 'Ana Souza',
  role: 'user',
};
const admin: SignInSession = { ...member, token: 't-admin', email: 'admin@exemplo.com', role: 'admin' };

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where a sign-in lands', () => {
  it('the answer of POST /api/login carries the role, as the contract declares it', () => {
    expect(login.response.parse(ok(member)).payload).toEqual(member);
    expect(login.response.safeParse(ok({ ...member, role: 'owner' })).success).toBe(false);
  });

  it("by the answer's role: a member in the builder, an admin on the statistics", () => {
    expect(landingFor(member)).toBe(paths.exercises);
    expect(landingFor(admin)).toBe(paths.adminStats);
    for (const [session, to] of [
      [member, paths.exercises],
      [admin, paths.adminStats],
    ] as const) {
      const response = redirectAfterSignIn(session);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(to);
    }
  });

  it('asks the server nothing: no validateTokenAdmin, which answers a member 403', () => {
    redirectAfterSignIn(member);
    redirectAfterSignIn(admin);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes back to the gabarito that asked for the sign-in first, whatever the role', () => {
    rememberReturn(new URLSearchParams({ [RETURN_QUERY]: '/gabarito/abc123' }));
    expect(redirectAfterSignIn(admin).headers.get('Location')).toBe('/gabarito/abc123');
    // Once only: the next sign-in lands by its role again.
    expect(redirectAfterSignIn(member).headers.get('Location')).toBe(paths.exercises);
  });
});
