import { describe, expect, it } from 'vitest';
import {
  CreateUserBody,
  ProcessPaymentBody,
  Msg,
  UpdateUserBody,
  cleanName,
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

describe('cleanName (a Google name is cleaned, not refused)', () => {
  it('drops controls and collapses spaces', () => {
    expect(cleanName('\u202eAna\u0000\u0000Lima \t\n Souza\u0085')).toBe('Ana Lima Souza');
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
