import { z } from 'zod';
import { hasControlCharacters } from './api/fields.js';
import {
  CASAS,
  COUNT_RANGE,
  CUSTOM_MESSAGES,
  CUSTOM_VERSION,
  DIGITS_RANGE,
  DIVIDENDS,
  DIVISOR_RANGE,
  FORMATS,
  MAX_CHOICES,
  MEANING_VALUES,
  MULTIPLICANDS,
  ONE_DIGIT_DIVISORS,
  ORDERED_TABLE_RANGE,
  REGROUPINGS,
  REMAINDERS,
  SIZES,
  TABLES,
  TITLE_MAX,
  rangeMessage,
  type CustomOptions,
  type IntRange,
} from './custom-shape.js';
import { Msg } from './messages.js';

/**
 * "Personalizar": the optional, versioned `custom` part of `POST /api/page`, checked against the shape, ranges and
 * words of custom-shape.ts, and typed against its `CustomOptions` (`satisfies`: what the schema lets through is a
 * CustomOptions; the generator's unit test checks the two types are equal but for `max`, a number there). The
 * combinations a shape cannot refuse (− com reserva with one digit, a count the format cannot hold) are the
 * generator's `checkCustom`, whose messages the panel shows beside their controls. Unknown keys are refused, not
 * dropped.
 */

/** A whole number of a range; anything else (a fraction too) refused in the words the generator uses. */
const int = (range: IntRange, what: string) => {
  const message = rangeMessage(what, range);
  return z.number().int({ message }).min(range.min, { message }).max(range.max, { message });
};

/** One of a closed list of numbers and words (zod's enum holds strings only). */
const oneOf = <const T extends readonly [z.core.util.Literal, ...z.core.util.Literal[]]>(
  values: T,
  message: string,
) => z.literal(values, { message });

const NumberSize = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('digits'),
    top: int(DIGITS_RANGE, 'Algarismos'),
    bottom: int(DIGITS_RANGE, 'Algarismos'),
  }),
  z.strictObject({ kind: z.literal('max'), max: oneOf(MAX_CHOICES, CUSTOM_MESSAGES.max) }),
]);

/** Decimals (1 or 2 casas, or em reais); absent, naturais. */
const Casas = oneOf(CASAS, CUSTOM_MESSAGES.casas).optional();

const AddSub = z.strictObject({
  numbers: NumberSize,
  regrouping: z.enum(REGROUPINGS, { message: CUSTOM_MESSAGES.regrouping }),
  casas: Casas,
});

const distinct = (values: number[]) => new Set(values).size === values.length;

const Mult = z.strictObject({
  multiplier: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('tables'),
      // The tabuada do 1 only in order (`multiplicand: 'ordem'`), which the generator's checkCustom refuses otherwise.
      tables: z
        .array(int(ORDERED_TABLE_RANGE, 'Tabuadas'))
        .min(1, { message: 'Escolha pelo menos uma tabuada.' })
        .max(TABLES.length)
        .refine(distinct, { message: 'Cada tabuada só uma vez.' }),
    }),
    z.strictObject({ kind: z.literal('twoDigits') }),
  ]),
  multiplicand: oneOf(MULTIPLICANDS, CUSTOM_MESSAGES.multiplicand),
  casas: Casas,
});

const Div = z.strictObject({
  divisor: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('list'),
      divisors: z
        .array(int(DIVISOR_RANGE, 'Divisores'))
        .min(1, { message: 'Escolha pelo menos um divisor.' })
        .max(ONE_DIGIT_DIVISORS.length)
        .refine(distinct, { message: 'Cada divisor só uma vez.' }),
    }),
    z.strictObject({ kind: z.literal('twoDigits') }),
  ]),
  dividend: oneOf(DIVIDENDS, CUSTOM_MESSAGES.dividend),
  remainders: z.enum(REMAINDERS, { message: CUSTOM_MESSAGES.remainders }),
  casas: Casas,
});

export const CustomOptionsSchema = z.strictObject({
  v: z.literal(CUSTOM_VERSION, { message: CUSTOM_MESSAGES.version }),
  add: AddSub.optional(),
  sub: AddSub.optional(),
  mult: Mult.optional(),
  div: Div.optional(),
  format: z.enum(FORMATS, { message: CUSTOM_MESSAGES.format }),
  count: int(COUNT_RANGE, 'Quantidade de contas'),
  size: z.enum(SIZES, { message: CUSTOM_MESSAGES.size }),
  title: z
    .string()
    .trim()
    .min(1, { message: 'O título não pode ficar vazio.' })
    .max(TITLE_MAX, { message: `O título pode ter até ${TITLE_MAX} caracteres.` })
    // No control characters (a line break, a tab): one printed line of plain text.
    .regex(/^[^\p{Cc}]*$/u, { message: 'O título deve ser uma linha de texto.' })
    // Nor what hides or reorders it (a right-to-left override printed the title reversed).
    .refine((title) => !hasControlCharacters(title), { message: Msg.titleInvalidCharacters })
    .optional(),
  meanings: z
    .array(z.enum(MEANING_VALUES, { message: CUSTOM_MESSAGES.meaningUnknown }))
    .min(1, { message: CUSTOM_MESSAGES.meaningsEmpty })
    .max(MEANING_VALUES.length)
    .refine((values) => new Set(values).size === values.length, { message: CUSTOM_MESSAGES.meaningTwice })
    .optional(),
}) satisfies z.ZodType<CustomOptions>;
export type CustomOptionsInput = z.infer<typeof CustomOptionsSchema>;
