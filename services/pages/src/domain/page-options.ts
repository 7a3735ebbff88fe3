import { checkCustom, selectedOperations } from '@app/generator';
import { AppError } from '@app/kit';
import type { PageOptions } from './ports.js';

/**
 * What zod cannot refuse in a page's settings: the custom options' impossible combinations (an operation
 * marked without its settings, − com reserva with one digit, a count the format cannot hold on one A4 page...), by
 * the generator's `checkCustom`, the same check the builder's panel runs. The first one answers 400 `VALIDATION`
 * with its pt-BR message, which the panel shows beside its control. A page without custom options (a preset page's body)
 * has nothing more to check.
 */
export function checkPageOptions(options: PageOptions): void {
  if (!options.custom) return;
  const [first] = checkCustom(selectedOperations(options), options.custom);
  if (first) throw AppError.badRequest(first.message);
}
