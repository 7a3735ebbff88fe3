import { describe, expect, inject, it } from 'vitest';
import { Msg, activateUser, createUser, getUser, login } from '@app/contracts';
import {
  browserSecret,
  call,
  createActiveUser,
  drainMail,
  emailsTo,
  linkIn,
  uniqueEmail,
  sql,
  waitForEmail,
} from '@app/testing';
import { sha256, signUpOnly } from './helpers.js';

const stack = inject('stack');
const good = () => ({
  fullname: 'Beatriz Souza',
  email: uniqueEmail('cadastro'),
  password: 'senha-boa-1',
  passwordConfirmation: 'senha-boa-1',
});

describe('sign-up (POST /api/createUser)', () => {
  it.each([
    ['fullname missing', { fullname: undefined }, 'Nome completo é obrigatório'],
    ['fullname empty', { fullname: '' }, 'Nome completo é obrigatório'],
    ['fullname blank', { fullname: '     ' }, 'Nome completo é obrigatório'],
    ['fullname short', { fullname: 'Ana B' }, 'Nome deve ter pelo menos 6 caracteres'],
    ['email missing', { email: undefined }, 'Email é obrigatório'],
    ['email empty', { email: '' }, 'Email é obrigatório'],
    ['email malformed', { email: 'beatriz@' }, 'Email inválido'],
    ['password missing', { password: undefined }, 'Senha é obrigatória'],
    ['password empty', { password: '', passwordConfirmation: '' }, 'Senha é obrigatória'],
    [
      'password short',
      { password: '12345', passwordConfirmation: '12345' },
      'Senha deve ter pelo menos 6 caracteres',
    ],
    ['confirmation missing', { passwordConfirmation: undefined }, 'Confirmação de senha é obrigatória'],
    ['confirmation empty', { passwordConfirmation: '' }, 'Confirmação de senha é obrigatória'],
    ['confirmation different', { passwordConfirmation: 'senha-boa-2' }, 'As senhas não coincidem'],
    // A NUL byte answered 500 (Postgres refuses it); bidi overrides reorder what an admin reads.
    ['a NUL byte in the name', { fullname: 'Beatriz\u0000 Souza' }, Msg.nameInvalidCharacters],
    ['a bidi override in the name', { fullname: 'Beatriz \u202eazuoS' }, Msg.nameInvalidCharacters],
    // What hides text is refused too, and an email longer than an address can be is no email.
    ['a zero width space in the name', { fullname: 'Beatriz\u200b Souza' }, Msg.nameInvalidCharacters],
    ['an email of 255 characters', { email: `${'b'.repeat(241)}@exemplo.com.br` }, 'Email inválido'],
  ])('refuses %s with the pt-BR message', async (_name, change, message) => {
    const res = await call(stack.gatewayUrl, createUser, { body: { ...good(), ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message, payload: null });
  });

  it('stores the user inactive, answers the pt-BR message with the email and sends the activation email', async () => {
    const body = good();
    const res = await call(stack.gatewayUrl, createUser, {
      body: { ...body, email: `  ${body.email.toUpperCase()} ` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      message: `Um email com um link de confirmação foi enviado para ${body.email}. Por favor, verifique sua caixa de entrada e clique no link para ativar sua conta.`,
      payload: { email: body.email },
    });
    const [row] = await sql<{ active: boolean; password_hash: string; email: string }>(
      stack,
      'SELECT active, password_hash, email FROM auth.users WHERE email = $1',
      [body.email],
    );
    expect(row).toMatchObject({ active: false, email: body.email });
    // bcrypt at the stack's configured cost (the tiers' 4; production's floor of 10 is auth's boot check).
    const cost = String(stack.env.auth!.BCRYPT_COST).padStart(2, '0');
    expect(row!.password_hash).toMatch(new RegExp(`^\\$2[aby]\\$${cost}\\$`));
    expect(row!.password_hash).not.toContain(body.password);

    const signIn = await call(stack.gatewayUrl, login, {
      body: { email: body.email, password: body.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({
      status: 'ERROR',
      message: 'Sua conta ainda não foi ativada. Verifique seu email e clique no link de ativação.',
    });
  });

  it('answers a taken email exactly as a new one, creates nothing, and tells the owner', async () => {
    const owner = await createActiveUser(stack, { fullname: 'Dona da Conta' });
    const fresh = good();
    const forNew = await call(stack.gatewayUrl, createUser, { body: fresh });
    const forTaken = await call(stack.gatewayUrl, createUser, {
      body: { ...good(), email: owner.email.toUpperCase() },
    });
    // The same answer but for the address it names: status, envelope, message.
    const named = (body: unknown, email: string) =>
      JSON.parse(JSON.stringify(body).replaceAll(email, '<email>'));
    expect(forTaken.status).toBe(forNew.status);
    expect(named(forTaken.body, owner.email)).toEqual(named(forNew.body, fresh.email));
    expect(forTaken.body.message).toBe(Msg.signupSuccess(owner.email));

    const rows = await sql<{ fullname: string }>(stack, 'SELECT fullname FROM auth.users WHERE email = $1', [
      owner.email,
    ]);
    expect(rows).toEqual([{ fullname: 'Dona da Conta' }]);
    const notice = await waitForEmail(stack.mailApiUrl, owner.email, (m) =>
      m.subject.startsWith('Tentativa de cadastro com o seu email'),
    );
    expect(notice.text).toContain('Olá, Dona da Conta!');
    expect(linkIn(notice, '/login')).toBe(`${new URL(stack.gatewayUrl).origin}/login`);
    expect(notice.text).toContain('/esqueci-minha-senha');
    // The owner can still sign in with the old password.
    const signIn = await call(stack.gatewayUrl, login, {
      body: { email: owner.email, password: owner.password },
    });
    expect(signIn.body.status).toBe('SUCCESS');
  });
});

describe('the same sign-up sent twice at once (Enter and a click on the form)', () => {
  it('creates one account and sends one email, whose link activates', async () => {
    const body = good();
    const browser = browserSecret();
    const answers = await Promise.all(
      [0, 1].map(() => call(stack.gatewayUrl, createUser, { body: { ...body, nonce: browser.nonce } })),
    );
    for (const res of answers)
      expect(res.body).toMatchObject({ status: 'SUCCESS', message: Msg.signupSuccess(body.email) });
    expect(await sql(stack, 'SELECT id FROM auth.users WHERE email = $1', [body.email])).toHaveLength(1);

    // Every mail job queued so far is sent: a second email would be in the inbox by now.
    await drainMail(stack);
    const mails = await emailsTo(stack.mailApiUrl, body.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Ative sua conta')]);
    const code = new URL(linkIn(mails[0]!, '/ativar/')).pathname.split('/').pop()!;
    const activated = await call(stack.gatewayUrl, activateUser, {
      body: { activationCode: code, verifier: browser.verifier },
    });
    expect(activated.body).toMatchObject({ status: 'SUCCESS', message: 'Conta ativada com sucesso!' });
  });
});

describe('activation (POST /api/activateUser)', () => {
  it('activates once and only once with the emailed link, answering a session', async () => {
    const { email, fullname, password, code, mail, verifier } = await signUpOnly(stack);
    expect(mail.subject).toContain('Ative sua conta');
    expect(mail.html).toContain(`${new URL(stack.gatewayUrl).origin}/ativar/${code}`);
    expect(mail.text).toContain(`/ativar/${code}`);
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    // Only the hash of the code is stored.
    const stored = await sql(stack, 'SELECT hash FROM auth.one_time_codes WHERE hash = $1', [sha256(code)]);
    expect(stored).toHaveLength(1);
    expect(await sql(stack, 'SELECT 1 FROM auth.one_time_codes WHERE hash = $1', [code])).toHaveLength(0);

    const first = await call<{ token: string; email: string; fullname: string }>(
      stack.gatewayUrl,
      activateUser,
      {
        body: { activationCode: code, verifier },
      },
    );
    expect(first.body).toMatchObject({
      status: 'SUCCESS',
      message: 'Conta ativada com sucesso!',
      payload: { email, fullname },
    });
    expect(first.status).toBe(200);
    const me = await call(stack.gatewayUrl, getUser, { token: first.body.payload!.token });
    expect(me.body.payload).toMatchObject({ email, fullname, fromGoogle: false });

    const again = await call(stack.gatewayUrl, activateUser, { body: { activationCode: code, verifier } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      status: 'ERROR',
      message: 'Este link de ativação é inválido, expirou ou já foi usado.',
    });

    const signIn = await call(stack.gatewayUrl, login, { body: { email, password } });
    expect(signIn.body.status).toBe('SUCCESS');
    expect(await emailsTo(stack.mailApiUrl, email)).toHaveLength(1);
  });

  it('lets exactly one of five simultaneous uses of one code succeed', async () => {
    const { code, verifier } = await signUpOnly(stack);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(stack.gatewayUrl, activateUser, { body: { activationCode: code, verifier } }),
      ),
    );
    expect(results.filter((r) => r.body.status === 'SUCCESS')).toHaveLength(1);
  });

  it('refuses an expired code', async () => {
    const { code, verifier } = await signUpOnly(stack);
    await sql(
      stack,
      `UPDATE auth.one_time_codes SET expires_at = now() - interval '1 second' WHERE hash = $1`,
      [sha256(code)],
    );
    const res = await call(stack.gatewayUrl, activateUser, { body: { activationCode: code, verifier } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Este link de ativação é inválido, expirou ou já foi usado.');
  });

  it('sets activation codes to expire in 7 days', async () => {
    const { code } = await signUpOnly(stack);
    const [row] = await sql<{ days: number }>(
      stack,
      `SELECT round(extract(epoch FROM expires_at - created_at) / 86400) AS days FROM auth.one_time_codes WHERE hash = $1`,
      [sha256(code)],
    );
    expect(Number(row!.days)).toBe(7);
  });

  it.each([
    ['missing', {}],
    ['empty', { activationCode: '' }],
  ])('refuses a %s code with the pt-BR message', async (_n, body) => {
    const res = await call(stack.gatewayUrl, activateUser, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Código de ativação não fornecido. Verifique o link enviado por e-mail.');
  });

  it('refuses an unknown code', async () => {
    const res = await call(stack.gatewayUrl, activateUser, { body: { activationCode: 'x'.repeat(43) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Este link de ativação é inválido, expirou ou já foi usado.');
  });
});
