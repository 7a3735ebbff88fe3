import { describe, expect, it } from 'vitest';
import {
  CreateUserBody,
  ProcessPaymentBody,
  Msg,
  UpdateUserBody,
  cleanName,
  CustomOptionsSchema,
  EMAIL_MAX_LENGTH,
  emailField,
  hasControlCharacters,
  profileFullnameField,
  signupFullnameField,
} from '../../src/index.js';

const controls = [
  '\u0000', // NUL: Postgres refuses it in text
  '\u0007',
  '\n',
  '\u001b',
  '\u007f',
  '\u0085', // C1
  '\u009b',
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u200f', // right-to-left mark
  '\u061c',
  // What hides text.
  '\u202a', // left-to-right embedding
  '\u2069', // pop directional isolate
  '\u200b', // zero width space
  '\u200c', // zero width non-joiner
  '\u200d', // zero width joiner
  '\u2060', // word joiner
  '\ufeff', // zero width no-break space (byte order mark)
  '\u00ad', // soft hyphen
  '\u2028', // line separator
  '\u2029', // paragraph separator
  '\u3164', // Hangul filler
  '\udb40\udc41', // a tag character (U+E0041)
  '\ud800', // a lone surrogate
];

describe('names refuse control and bidi characters (pt-BR message)', () => {
  it.each(controls.map((c) => [JSON.stringify(c), c]))('%s inside a name', (_label, c) => {
    for (const field of [signupFullnameField, profileFullnameField]) {
      const r = field.safeParse(`Maria${c} Aparecida`);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([Msg.nameInvalidCharacters]);
    }
  });

  it('keeps accents, apostrophes, hyphens and other scripts', () => {
    for (const name of ["Ana D'Ávila-Souza", 'João Conceição', 'Zoë Ñúñez', 'Nguyễn Văn An', 'Ωμέγα Δέλτα'])
      expect(signupFullnameField.parse(`  ${name} `)).toBe(name);
  });

  it('applies on the routes that take a name', () => {
    const body = { email: 'a@b.com', password: 'secret1', passwordConfirmation: 'secret1' };
    expect(CreateUserBody.safeParse({ ...body, fullname: 'Maria\u0000 Silva' }).success).toBe(false);
    expect(CreateUserBody.safeParse({ ...body, fullname: 'Maria Silva' }).success).toBe(true);
    expect(UpdateUserBody.safeParse({ fullname: 'Ma\u202eria' }).error?.issues[0]?.message).toBe(
      Msg.nameInvalidCharacters,
    );
  });
});

describe('titles refuse the same characters (a right-to-left override once printed the title reversed)', () => {
  const withTitle = (title: string) =>
    CustomOptionsSchema.safeParse({
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
      format: 'linha',
      count: 30,
      size: 'grande',
      title,
    });

  it.each(controls.filter((c) => !/\p{Cc}/u.test(c)).map((c) => [JSON.stringify(c), c]))(
    '%s inside a title',
    (_label, c) => {
      expect(withTitle(`Turma ${c}A`).error?.issues.map((i) => i.message)).toEqual([
        Msg.titleInvalidCharacters,
      ]);
    },
  );

  it('a line break is still "one line of text"; accents and other scripts pass', () => {
    expect(withTitle('Turma A\nTurma B').error?.issues[0]?.message).toBe(
      'O título deve ser uma linha de texto.',
    );
    expect(withTitle('Tabuada do 7 — 3º ano, Conceição').success).toBe(true);
    expect(withTitle('Ωμέγα Nguyễn').success).toBe(true);
  });
});

describe('emails longer than an address can be (they once answered 500)', () => {
  it('refuses 255 characters with the spec message and keeps 254', () => {
    const at254 = `${'c'.repeat(64)}@${`${'d'.repeat(60)}.`.repeat(3)}com.br`;
    expect(at254).toHaveLength(EMAIL_MAX_LENGTH);
    expect(emailField.safeParse(at254).success).toBe(true);
    for (const email of [`x${at254}`, `${'a'.repeat(250)}@exemplo.com.br`])
      expect(emailField.safeParse(email).error?.issues.map((i) => i.message)).toEqual([Msg.emailInvalid]);
  });
});

describe('cleanName (a Google name is cleaned, not refused)', () => {
  it('drops controls and collapses spaces', () => {
    expect(cleanName('\u202eAna\u0000\u0000Lima \t\n Souza\u0085')).toBe('Ana Lima Souza');
    expect(cleanName('Ana\u200bLima\ufeff')).toBe('Ana Lima');
    expect(hasControlCharacters(cleanName('a\u0000b\u202ec'))).toBe(false);
    expect(cleanName('\u0000')).toBe('');
  });
});

describe("zod's own messages are pt-BR (rules without a message of ours)", () => {
  it.each([
    [
      'a wrong type',
      ProcessPaymentBody,
      { preferenceId: 5, paymentId: '1' },
      /^Entrada inválida: esperava um texto/,
    ],
    ['a missing field', ProcessPaymentBody, { paymentId: '1' }, /^Entrada inválida/],
    ['too long', ProcessPaymentBody, { preferenceId: 'p'.repeat(201), paymentId: '1' }, /^Grande demais/],
    ['a malformed id', ProcessPaymentBody, { preferenceId: 'p', paymentId: 'abc' }, /inválid/],
  ])('%s', (_label, schema, value, message) => {
    const issues = schema.safeParse(value).error?.issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(issue.message).toMatch(message);
      expect(issue.message).not.toMatch(/\b(Invalid|expected|received|Too (big|small))\b/);
    }
  });
});
