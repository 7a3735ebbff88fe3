import { z } from 'zod';
import { hasControlCharacters } from './api/fields.js';
import { Msg } from './messages.js';

/**
 * "Personalizar" (issue 25): the optional, versioned `custom` part of `POST /api/page`. The shape and its ranges are
 * checked here; the combinations a shape cannot refuse (− com reserva with one digit, a count the format cannot
 * hold) by the generator's `checkCustom`, whose messages the panel shows beside their controls. Mirrors the
 * generator's `CustomOptions` (a unit test checks the two agree). Unknown keys are refused, not dropped.
 */
const int = (min: number, max: number, what: string) =>
  z
    .number()
    .int()
    .min(min, { message: `${what}: escolha de ${min} a ${max}.` })
    .max(max, { message: `${what}: escolha de ${min} a ${max}.` });

const NumberSize = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('digits'),
    top: int(1, 5, 'Algarismos'),
    bottom: int(1, 5, 'Algarismos'),
  }),
  z.strictObject({
    kind: z.literal('max'),
    max: z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100), z.literal(1000)], {
      message: 'Limite dos números: escolha até 10, 20, 50, 100 ou 1000.',
    }),
  }),
]);

const AddSub = z.strictObject({
  numbers: NumberSize,
  regrouping: z.enum(['sem', 'com', 'misturado'], { message: 'Reserva: escolha sem, com ou misturado.' }),
});

const distinct = (values: number[]) => new Set(values).size === values.length;

const Mult = z.strictObject({
  multiplier: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('tables'),
      // The tabuada do 1 only in order (`multiplicand: 'ordem'`), which the generator's checkCustom refuses otherwise.
      tables: z
        .array(int(1, 10, 'Tabuadas'))
        .min(1, { message: 'Escolha pelo menos uma tabuada.' })
        .max(9)
        .refine(distinct, { message: 'Cada tabuada só uma vez.' }),
    }),
    z.strictObject({ kind: z.literal('twoDigits') }),
  ]),
  multiplicand: z.union([z.literal('fatos'), z.literal(2), z.literal(3), z.literal('ordem')], {
    message: 'Multiplicando: escolha fatos, 2 ou 3 algarismos, ou a tabuada em ordem.',
  }),
});

const Div = z.strictObject({
  divisor: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('list'),
      divisors: z
        .array(int(2, 9, 'Divisores'))
        .min(1, { message: 'Escolha pelo menos um divisor.' })
        .max(8)
        .refine(distinct, { message: 'Cada divisor só uma vez.' }),
    }),
    z.strictObject({ kind: z.literal('twoDigits') }),
  ]),
  dividend: z.union([z.literal('fatos'), z.literal(2), z.literal(3), z.literal(4)], {
    message: 'Dividendo: escolha fatos, 2, 3 ou 4 algarismos.',
  }),
  remainders: z.enum(['exata', 'resto', 'misturado'], {
    message: 'Resto: escolha exata, com resto ou misturado.',
  }),
});

export const TITLE_MAX_CHARS = 60;

/** The meanings of the situações-problema a teacher may choose (the generator's `MEANING_LIST`). */
export const MEANING_VALUES = [
  'juntar-acrescentar',
  'separar-retirar',
  'comparar',
  'quantos-a-menos',
  'completar',
  'inicio-desconhecido',
  'parcelas-iguais',
  'disposicao-retangular',
  'proporcionalidade',
  'comparacao-multiplicativa',
  'combinatoria',
  'reparticao',
  'medida',
  'duas-etapas',
] as const;

export const CustomOptionsSchema = z.strictObject({
  v: z.literal(1, { message: 'Versão das opções desconhecida.' }),
  add: AddSub.optional(),
  sub: AddSub.optional(),
  mult: Mult.optional(),
  div: Div.optional(),
  format: z.enum(['armada', 'arme', 'linha', 'lacuna', 'problemas'], {
    message:
      'Formato: escolha conta armada, arme e efetue, fatos em linha, número que falta ou situações-problema.',
  }),
  count: int(1, 40, 'Quantidade de contas'),
  size: z.enum(['normal', 'grande'], { message: 'Tamanho: escolha normal ou grande.' }),
  title: z
    .string()
    .trim()
    .min(1, { message: 'O título não pode ficar vazio.' })
    .max(TITLE_MAX_CHARS, { message: `O título pode ter até ${TITLE_MAX_CHARS} caracteres.` })
    // No control characters (a line break, a tab): one printed line of plain text.
    .regex(/^[^\p{Cc}]*$/u, { message: 'O título deve ser uma linha de texto.' })
    // Nor what hides or reorders it (a right-to-left override printed the title reversed).
    .refine((title) => !hasControlCharacters(title), { message: Msg.titleInvalidCharacters })
    .optional(),
  meanings: z
    .array(z.enum(MEANING_VALUES, { message: 'Significado desconhecido.' }))
    .min(1, { message: 'Escolha pelo menos um significado.' })
    .max(MEANING_VALUES.length)
    .refine((values) => new Set(values).size === values.length, { message: 'Cada significado só uma vez.' })
    .optional(),
});
export type CustomOptionsInput = z.infer<typeof CustomOptionsSchema>;
