import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPage,
  createUser,
  login,
  loginGoogle,
  loginGoogleCode,
  Msg,
  recoverPassword,
  resendActivation,
  updateUser,
} from '@app/contracts';
import {
  browserSecret,
  call,
  createActiveUser,
  googleCredential,
  sql,
  tabuadaDo7Request,
  uniqueEmail,
} from '@app/testing';

/**
 * What a request may not carry. An email over 254 characters (what an address can be, RFC 5321)
 * answered 500 on every route that takes one (the column holds 254); bidi and invisible characters were accepted in
 * a page's title (and printed reversed) and some of them in people's names. Each is now a 400 with its pt-BR message.
 */

const stack = inject('stack');
const gw = stack.gatewayUrl;

/** 255 characters and more, each of a shape an email pattern accepts: a long local part, long domain labels. */
const longEmails = [`${'a'.repeat(250)}@exemplo.com.br`, `maria@${`${'b'.repeat(60)}.`.repeat(4)}com.br`];

describe('an email over 254 characters is a 400 in pt-BR, never a 500', () => {
  it.each(longEmails.map((email) => [email.length, email]))(
    'an email of %i characters on login, createUser, recoverPassword and resendActivation',
    async (_length, email) => {
      const password = 'senha-longa-1';
      const answers = await Promise.all([
        call(gw, login, { body: { email, password } }),
        call(gw, createUser, {
          body: { fullname: 'Lúcia Longa', email, password, passwordConfirmation: password },
        }),
        call(gw, recoverPassword, { body: { email } }),
        call(gw, resendActivation, { body: { email } }),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 'ERROR', message: Msg.emailInvalid, payload: null });
      }
      expect(await sql(stack, 'SELECT 1 FROM auth.users WHERE length(email) > 254')).toEqual([]);
    },
  );

  it.each(longEmails.map((email) => [email.length, email]))(
    'a Google credential of an email of %i characters, with a session or a redirect-mode code',
    async (_length, email) => {
      const credential = await googleCredential(stack, { email, name: 'Lúcia Longa' });
      const direct = await call(gw, loginGoogle, { body: { credential } });
      const withNonce = await googleCredential(stack, {
        email,
        name: 'Lúcia Longa',
        nonce: browserSecret().nonce,
      });
      const redirected = await call(gw, loginGoogleCode, { body: { credential: withNonce } });
      for (const res of [direct, redirected]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 'ERROR', message: Msg.googleEmailTooLong, payload: null });
      }
    },
  );

  it('254 characters are still an email', async () => {
    const email = `${'c'.repeat(64)}@${`${'d'.repeat(60)}.`.repeat(3)}com.br`;
    expect(email).toHaveLength(254);
    const res = await call(gw, recoverPassword, { body: { email } });
    expect(res.status).toBe(200);
  });
});

/** Bidi controls and invisible characters: each reorders or hides what a reader sees. */
const invisibles = [
  ['U+202A left-to-right embedding', '\u202a'],
  ['U+202E right-to-left override', '\u202e'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+200B zero width space', '\u200b'],
  ['U+200D zero width joiner', '\u200d'],
  ['U+200F right-to-left mark', '\u200f'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF zero width no-break space', '\ufeff'],
  ['U+2028 line separator', '\u2028'],
  ['U+00AD soft hyphen', '\u00ad'],
] as const;

describe('bidi and invisible characters are refused in names and titles', () => {
  let member: { token: string };
  beforeAll(async () => {
    member = await createActiveUser(stack, { fullname: 'Maria Aparecida' });
  });

  it.each(invisibles)('%s in a sign-up name, a profile name and a page title', async (_label, c) => {
    const password = 'senha-invisivel-1';
    const signUp = await call(gw, createUser, {
      body: {
        fullname: `Maria ${c}Aparecida`,
        email: uniqueEmail('invisivel'),
        password,
        passwordConfirmation: password,
      },
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.message).toBe(Msg.nameInvalidCharacters);

    const profile = await call(gw, updateUser, {
      body: { fullname: `Maria ${c}Aparecida` },
      token: member.token,
    });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(Msg.nameInvalidCharacters);

    const page = await call(gw, createPage, {
      body: { ...tabuadaDo7Request, custom: { ...tabuadaDo7Request.custom!, title: `Turma ${c}A` } },
      token: member.token,
    });
    expect(page.status).toBe(400);
    expect(page.body.message).toBe(Msg.titleInvalidCharacters);
  });
});
