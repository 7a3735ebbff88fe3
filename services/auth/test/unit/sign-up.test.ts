import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserSecret } from '@app/testing';
import { CreateUserBody, Events, Jobs, Msg } from '@app/contracts';
import type { AuthStore } from '../../src/domain/ports.js';
import { ACTIVATION_TTL_MS, hashSecret } from '../../src/domain/secrets.js';
import { SIGN_UP_REPEAT_MS, signUp } from '../../src/domain/sign-up.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

const NOW = new Date('2025-03-04T12:34:56Z');
const input = { fullname: 'Maria Silva', email: 'maria@exemplo.com.br', password: 'senha-segura-1' };

type Publish = [def: unknown, payload: Record<string, unknown>, opts: { msgID: string }];
const published = (store: ReturnType<typeof memoryDeps>) => store.publish.mock.calls as unknown as Publish[];

// Only Date is faked: the clock reads NOW, so the code's expiry and the mail's hour are exact.
beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('signUp: a new email', () => {
  it('stores the account inactive with the hashed password, and an activation code kept only as its hash', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);

    expect(await signUp(store.deps, input)).toEqual({ email: input.email });

    expect(store.state.users).toHaveLength(1);
    const user = store.state.users[0]!;
    expect(user).toMatchObject({
      email: input.email,
      fullname: input.fullname,
      passwordHash: `fake$10$${input.password}`,
      googleSub: null,
      fromGoogle: false,
      role: 'user',
      active: false,
      tokenVersion: 0,
      deletedAt: null,
    });
    expect(hasher.hashed).toBe(1);

    const [, job] = published(store)[0]!;
    const secret = (job.data as { code: string }).code;
    expect(store.codes).toEqual([
      {
        hash: hashSecret(secret),
        userId: user.id,
        purpose: 'activation',
        expiresAt: new Date(NOW.getTime() + ACTIVATION_TTL_MS),
        usedAt: null,
        boundTo: null,
        createdAt: NOW,
      },
    ]);
    // Nothing stored holds the secret itself.
    expect(JSON.stringify(store.state)).not.toContain(secret);
    expect(store.transactions).toBe(1);
  });

  it('queues the activation email and publishes userRegistered, each under an id naming the user', async () => {
    const store = memoryDeps(countingHasher());
    await signUp(store.deps, input);
    const id = store.state.users[0]!.id;

    const calls = published(store);
    expect(calls).toHaveLength(2);
    const [mailDef, job, mailOpts] = calls[0]!;
    const [eventDef, event, eventOpts] = calls[1]!;
    expect(mailDef).toBe(Jobs.sendMail);
    expect(job).toEqual({
      mailId: `activation:${id}`,
      to: input.email,
      template: 'activation',
      data: { fullname: input.fullname, code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect(mailOpts).toEqual({ msgID: `activation:${id}` });
    expect(eventDef).toBe(Events.userRegistered);
    expect(event).toEqual({
      eventId: `${Events.userRegistered.subject}:${id}`,
      at: NOW.toISOString(),
      userId: id,
      email: input.email,
      fullname: input.fullname,
      fromGoogle: false,
    });
    // The business id as JetStream's msgID: a retried publish of the same registration is dropped.
    expect(eventOpts).toEqual({ msgID: event.eventId });
  });

  it('stores nothing when NATS refuses the mail job, so the same sign-up can be tried again', async () => {
    const store = memoryDeps(countingHasher());
    const refusal = new Error('JOBS_MAIL: no responders');
    store.publish.mockRejectedValueOnce(refusal);

    await expect(signUp(store.deps, input)).rejects.toBe(refusal);
    expect(store.state.users).toEqual([]);
    expect(store.codes).toEqual([]);

    expect(await signUp(store.deps, input)).toEqual({ email: input.email });
    expect(store.state.users).toHaveLength(1);
    expect(store.codes).toHaveLength(1);
  });

  it('stores nothing when NATS refuses the event published after the job', async () => {
    const store = memoryDeps(countingHasher());
    store.publish.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('EVENTS: timeout'));
    await expect(signUp(store.deps, input)).rejects.toThrow('EVENTS: timeout');
    expect(store.state.users).toEqual([]);
    expect(store.codes).toEqual([]);
  });
});

describe('signUp: an email that already has an account', () => {
  it('answers exactly as for a new email, stores nothing, and emails the owner instead', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    const owner = await store.addUser(input.email, 'senha-da-dona', { fullname: 'Maria Dona' });
    const before = structuredClone(store.state.users);
    const hashedBefore = hasher.hashed;

    expect(await signUp(store.deps, { ...input, fullname: 'Outra Pessoa' })).toEqual({ email: input.email });

    // The password is hashed all the same, so the answer time does not tell either.
    expect(hasher.hashed).toBe(hashedBefore + 1);
    expect(store.state.users).toEqual(before);
    expect(store.codes).toEqual([]);
    expect(published(store)).toEqual([
      [
        Jobs.sendMail,
        {
          mailId: `sign-up-existing:${owner.id}:2025-03-04T12`,
          to: owner.email,
          template: 'sign-up-existing',
          data: { fullname: 'Maria Dona' },
        },
        { msgID: `sign-up-existing:${owner.id}:2025-03-04T12` },
      ],
    ]);
  });

  it('tells the owner under one mail id per hour, so repeated sign-ups send one email an hour', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser(input.email, 'senha-da-dona');
    await signUp(store.deps, input);
    await signUp(store.deps, input);
    vi.setSystemTime(new Date(NOW.getTime() + 60 * 60 * 1000));
    await signUp(store.deps, input);
    const ids = published(store).map(([, job]) => job.mailId as string);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[2]).toMatch(/:2025-03-04T13$/);
  });

  it('tells the owner when the account appeared while the sign-up ran (the insert hits the unique email)', async () => {
    const store = memoryDeps(countingHasher());
    const racing: AuthStore = {
      ...store.deps.store,
      async transaction(work) {
        // A twin sign-up commits first, after this one looked the email up and found nobody.
        await store.addUser(input.email, 'senha-da-gemea', { fullname: 'Maria Gêmea' });
        return store.deps.store.transaction((tx) =>
          work({ ...tx, users: { ...tx.users, byEmail: async () => null } }),
        );
      },
    };

    const answer = await signUp({ ...store.deps, store: racing }, input);

    expect(answer).toEqual({ email: input.email });
    expect(store.state.users.map((u) => u.fullname)).toEqual(['Maria Gêmea']);
    expect(store.codes).toEqual([]);
    expect(published(store)).toHaveLength(1);
    expect(published(store)[0]![1]).toMatchObject({ template: 'sign-up-existing', to: input.email });
  });

  it('replaces the pending password, name and browser of an account not active yet, and emails a fresh link', async () => {
    const store = memoryDeps(countingHasher());
    // Someone signed up first with this email and a password of theirs, from a browser of theirs.
    const pending = await store.addUser(input.email, 'senha-do-atacante', {
      active: false,
      fullname: 'Átila Atacante',
      signUpBinding: hashSecret('segredo-do-navegador-do-atacante'),
    });
    await store.deps.store.codes.insert(
      'hash-do-primeiro-link',
      pending.id,
      'activation',
      new Date(NOW.getTime() + 1),
    );
    const owner = browserSecret();

    expect(await signUp(store.deps, { ...input, nonce: owner.nonce }, '203.0.113.9')).toEqual({
      email: input.email,
    });

    expect(store.state.users).toHaveLength(1);
    expect(store.state.users[0]).toMatchObject({
      id: pending.id,
      fullname: input.fullname,
      passwordHash: `fake$10$${input.password}`,
      signUpBinding: hashSecret(owner.verifier),
      active: false,
    });
    const [[, job]] = published(store) as [Publish];
    expect(job).toMatchObject({
      to: input.email,
      template: 'activation',
      data: { fullname: input.fullname },
    });
    expect(job.mailId).toMatch(new RegExp(`^activation:${pending.id}:`));
    const code = (job.data as { code: string }).code;
    expect(store.codes.map((c) => ({ hash: c.hash, purpose: c.purpose, used: c.usedAt !== null }))).toEqual([
      { hash: 'hash-do-primeiro-link', purpose: 'activation', used: true },
      { hash: hashSecret(code), purpose: 'activation', used: false },
    ]);
    expect(store.codes[1]!.expiresAt).toEqual(new Date(NOW.getTime() + ACTIVATION_TTL_MS));
  });

  it('a sign-up again without a browser of ours leaves no browser that activates at once', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser(input.email, 'senha-da-dona', {
      active: false,
      signUpBinding: hashSecret('da-dona'),
    });
    await signUp(store.deps, input);
    expect(store.state.users[0]).toMatchObject({
      signUpBinding: null,
      passwordHash: `fake$10$${input.password}`,
    });
  });

  it('replaces nothing past the limit of emailed links (3 an hour to one inbox): the pending sign-up stays as it was', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser(input.email, 'senha-da-dona', { active: false });
    for (let i = 0; i < 5; i++)
      expect(await signUp(store.deps, { ...input, password: `senha-${i}-xyz` }, `198.51.100.${i}`)).toEqual({
        email: input.email,
      });
    expect(published(store).map(([, job]) => job.template)).toEqual([
      'activation',
      'activation',
      'activation',
    ]);
    expect(store.state.users[0]!.passwordHash).toBe('fake$10$senha-2-xyz');
  });

  it('tells the owner instead when the account was activated while the sign-up ran', async () => {
    const store = memoryDeps(countingHasher());
    const owner = await store.addUser(input.email, 'senha-da-dona', {
      active: false,
      fullname: 'Maria Dona',
    });
    let transactions = 0;
    const activating: AuthStore = {
      ...store.deps.store,
      transaction(work) {
        // The owner's link is used between the look-up (and the count of emailed links) and the replacement.
        if (++transactions === 3) store.state.users[0]!.active = true;
        return store.deps.store.transaction(work);
      },
    };
    await signUp({ ...store.deps, store: activating }, input);
    expect(store.state.users[0]).toMatchObject({
      passwordHash: 'fake$10$senha-da-dona',
      fullname: 'Maria Dona',
    });
    expect(published(store).map(([, job]) => job.template)).toEqual(['sign-up-existing']);
    expect(published(store)[0]![1]).toMatchObject({ to: owner.email });
  });

  it('rejects with any other failure of the storage, telling nobody', async () => {
    const store = memoryDeps(countingHasher());
    const outage = new Error('Connection terminated unexpectedly');
    const failing: AuthStore = { ...store.deps.store, transaction: () => Promise.reject(outage) };
    await expect(signUp({ ...store.deps, store: failing }, input)).rejects.toBe(outage);
    expect(store.publish).not.toHaveBeenCalled();
  });
});

describe('what reaches signUp: the route body (CreateUserBody) it is handed', () => {
  const body = { ...input, passwordConfirmation: input.password };
  const messages = (value: unknown) => CreateUserBody.safeParse(value).error?.issues.map((i) => i.message);

  it('normalises the email (trimmed, lower case), so a differently typed address finds its owner', async () => {
    const store = memoryDeps(countingHasher());
    await signUp(store.deps, CreateUserBody.parse({ ...body, email: '  Maria@Exemplo.COM.br ' }));
    expect(store.state.users.map((u) => u.email)).toEqual([input.email]);

    await signUp(store.deps, CreateUserBody.parse({ ...body, email: 'MARIA@exemplo.com.br' }));
    expect(store.state.users).toHaveLength(1);
    // Still not active: the sign-up again took its place, with a fresh link.
    expect(published(store).at(-1)![1]).toMatchObject({ template: 'activation', to: input.email });
  });

  it('refuses a name with control characters, a short name and a short or unconfirmed password in pt-BR', () => {
    expect(messages({ ...body, fullname: 'Maria\u0000 Silva' })).toEqual([Msg.nameInvalidCharacters]);
    expect(messages({ ...body, fullname: 'Ma\u202eria Silva' })).toEqual([Msg.nameInvalidCharacters]);
    expect(messages({ ...body, fullname: 'Ana' })).toEqual([Msg.fullnameMin]);
    expect(messages({ ...body, password: '12345', passwordConfirmation: '12345' })).toEqual([
      Msg.passwordMin,
    ]);
    expect(messages({ ...body, passwordConfirmation: 'outra-senha' })).toEqual([Msg.passwordsDiffer]);
    expect(messages({ ...body, email: 'maria@' })).toEqual([Msg.emailInvalid]);
  });
});

describe('signUp: the same sign-up sent twice at once from one browser (Enter and a click)', () => {
  const twice = async () => {
    const store = memoryDeps(countingHasher());
    const browser = browserSecret();
    await signUp(store.deps, { ...input, nonce: browser.nonce }, '203.0.113.9');
    return { store, browser, first: { ...store.state.users[0]! }, codes: [...store.codes] };
  };

  it('is one sign-up: the same answer, one account, one email, and the first link still activates', async () => {
    const { store, browser, first, codes } = await twice();

    expect(await signUp(store.deps, { ...input, nonce: browser.nonce }, '203.0.113.9')).toEqual({
      email: input.email,
    });

    expect(store.state.users).toEqual([first]);
    expect(store.codes).toEqual(codes);
    expect(store.codes[0]!.usedAt).toBeNull();
    expect(published(store).filter(([def]) => def === Jobs.sendMail)).toHaveLength(1);
  });

  it.each([
    ['another browser', { nonce: browserSecret().nonce }],
    ['another password', { password: 'outra-senha-1' }],
    ['another name', { fullname: 'Maria Souza' }],
  ])('with %s it is a sign-up again: a fresh link, the first retired', async (_, change) => {
    const { store, browser } = await twice();

    await signUp(store.deps, { ...input, nonce: browser.nonce, ...change }, '203.0.113.9');

    const mails = published(store).filter(([def]) => def === Jobs.sendMail);
    expect(mails.map(([, job]) => job.template)).toEqual(['activation', 'activation']);
    expect(store.codes.filter((c) => c.usedAt === null)).toHaveLength(1);
  });

  it(`past SIGN_UP_REPEAT_MS (${SIGN_UP_REPEAT_MS / 60_000} min) it is a person asking again: a fresh link`, async () => {
    const { store, browser } = await twice();
    vi.setSystemTime(new Date(NOW.getTime() + SIGN_UP_REPEAT_MS + 1));

    await signUp(store.deps, { ...input, nonce: browser.nonce }, '203.0.113.9');

    const mails = published(store).filter(([def]) => def === Jobs.sendMail);
    expect(mails.map(([, job]) => job.template)).toEqual(['activation', 'activation']);
  });
});
