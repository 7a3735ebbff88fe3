import { describe, expect, it } from 'vitest';
import { Msg, nameKey, parseNames, repeatedName, SaveTurmaBody, tidyName } from '../../src/index.js';

describe('parseNames: a list pasted from a spreadsheet or typed one per line', () => {
  it('takes one name a line, tidied, dropping blank lines and any line ending', () => {
    expect(parseNames('Ana S.\r\n  Bruno   L. \n\n\rCaio M.\n   \n')).toEqual([
      'Ana S.',
      'Bruno L.',
      'Caio M.',
    ]);
  });

  it('takes the first cell holding a letter of a spreadsheet row (a number column before it is skipped)', () => {
    const pasted = '1\tAna S.\t8,5\n2\tBruno L.\t7\n\t\t\n3\t\tCaio M.\n';
    expect(parseNames(pasted)).toEqual(['Ana S.', 'Bruno L.', 'Caio M.']);
  });

  it('keeps accents, apostrophes and hyphens; a line without a letter is no name', () => {
    expect(parseNames("Joana D'Arc\nJosé-Maria\n123\n---")).toEqual(["Joana D'Arc", 'José-Maria']);
  });

  it('answers nothing for an empty paste', () => {
    expect(parseNames('')).toEqual([]);
    expect(parseNames('\n\n\t\n')).toEqual([]);
  });
});

describe('names a teacher reads as the same child', () => {
  it('compares names with accents, case and spaces aside', () => {
    expect(nameKey(' Ána  S. ')).toBe(nameKey('ana s.'));
    expect(nameKey('Ana S.')).not.toBe(nameKey('Ana L.'));
    expect(repeatedName(['Ana S.', 'Bia', 'ÁNA s.'])).toBe('ÁNA s.');
    expect(repeatedName(['Ana S.', 'Ana L.'])).toBeNull();
    expect(tidyName('  Ana \t S. ')).toBe('Ana S.');
  });
});

describe('SaveTurmaBody', () => {
  const body = (name: unknown, students: unknown) => ({ name, students });
  const firstMessage = (input: unknown) => {
    const parsed = SaveTurmaBody.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('tidies the names it keeps', () => {
    expect(SaveTurmaBody.parse(body('  3º   ano B ', [{ name: ' Ana   S. ' }]))).toEqual({
      name: '3º ano B',
      students: [{ name: 'Ana S.' }],
    });
  });

  it.each([
    ['no name', body('  ', [{ name: 'Ana' }]), Msg.turmaNameRequired],
    ['a name not text', body(3, [{ name: 'Ana' }]), Msg.turmaNameRequired],
    ['a name of 41 characters', body('x'.repeat(41), [{ name: 'Ana' }]), Msg.turmaNameTooLong],
    ['an invisible character', body('3º\u200bB', [{ name: 'Ana' }]), Msg.nameInvalidCharacters],
    ['no children', body('3º B', []), Msg.turmaStudentsRequired],
    ['children not a list', body('3º B', 'Ana'), Msg.turmaStudentsRequired],
    [
      '41 children',
      body(
        '3º B',
        Array.from({ length: 41 }, (_, i) => ({ name: `Aluno ${i}` })),
      ),
      Msg.turmaStudentsTooMany,
    ],
    ['a blank child', body('3º B', [{ name: ' ' }]), Msg.studentNameRequired],
    ['a child not text', body('3º B', [{ name: null }]), Msg.studentNameRequired],
    ['a child of 41 characters', body('3º B', [{ name: 'y'.repeat(41) }]), Msg.studentNameTooLong],
    [
      'a child twice',
      body('3º B', [{ name: 'Ana S.' }, { name: 'ana  s.' }]),
      Msg.studentNameRepeated('ana s.'),
    ],
    [
      'one id twice',
      body('3º B', [
        { id: '00000000-0000-4000-8000-000000000001', name: 'Ana' },
        { id: '00000000-0000-4000-8000-000000000001', name: 'Bia' },
      ]),
      Msg.turmaStudentsRequired,
    ],
  ])('refuses %s with its pt-BR message', (_what, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('takes 40 characters and 40 children', () => {
    const students = Array.from({ length: 40 }, (_, i) => ({ name: `${'ç'.repeat(36)} ${i}`.slice(-40) }));
    expect(firstMessage(body('ç'.repeat(40), students))).toBeNull();
  });
});
