import { sheetName } from '@app/generator';
import type { BoughtPage } from './ports.js';

/** A class set as Minhas Compras shows it: its own code (its one file), its count and its versions' codes in order. */
interface SetEntry {
  code: string;
  versions: number;
  codes: string[];
}

/**
 * Minhas Compras' list (GET /api/getMyPages): the `{code, created_at}` of each bought page, newest first, with
 * its name (the generator's sheetName: the teacher's title, else what it practises, 'Adição com reserva — Médio' or
 * a custom page's sentence) and its level, so that the member tells pages apart by more than a 22-character code.
 * A class set is ONE entry, where its first row comes: `code` is its version 1's, and `set` says the set.
 */
export function myPurchases(pages: BoughtPage[]) {
  const sets = new Map<string, SetEntry>();
  const entries: Array<ReturnType<typeof entry> & { set?: SetEntry }> = [];
  for (const page of pages) {
    if (page.setCode === null) {
      entries.push(entry(page));
      continue;
    }
    let set = sets.get(page.setCode);
    if (!set) {
      set = { code: page.setCode, versions: 0, codes: [] };
      sets.set(page.setCode, set);
      entries.push({ ...entry(page), set });
    }
    set.codes[page.setVersion! - 1] = page.code;
    set.versions++;
  }
  // Version 1 names the entry, wherever the rows put it.
  return entries.map((e) => (e.set ? { ...e, code: e.set.codes[0]! } : e));
}

const entry = (p: BoughtPage) => ({
  code: p.code,
  created_at: p.createdAt.toISOString(),
  title: sheetName(p.options),
  level: p.options.level,
  // "Gerar outra igual" opens the builder with the page's settings (its custom options too).
  options: p.options,
});
