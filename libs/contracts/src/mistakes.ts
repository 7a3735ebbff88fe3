import { z } from 'zod';
import { FOCO_MAX, MISTAKE_IDS, type Mistake } from './mistake-ids.js';

export * from './mistake-ids.js';

const WrongFactSchema = z.strictObject({
  x: z.number().int().min(2).max(9),
  y: z.number().int().min(2).max(9),
  value: z.number().int().min(0).max(99),
});

/** One mistake a reforço page practises: its id, and for 'mult.fato' (only) the fact. */
export const MistakeSchema = z
  .strictObject({ id: z.enum(MISTAKE_IDS), fact: WrongFactSchema.optional() })
  .refine((m) => (m.id === 'mult.fato') === (m.fact !== undefined), {
    message: 'O fato da tabuada, e só ele, diz qual fato.',
  }) satisfies z.ZodType<Mistake>;

/** The mistakes a reforço page practises (`PageOptions.foco`): one to FOCO_MAX. */
export const FocoSchema = z.array(MistakeSchema).min(1).max(FOCO_MAX);
