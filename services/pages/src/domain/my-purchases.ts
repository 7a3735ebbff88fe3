import { sheetTitle } from '@app/generator';
import type { PageRecord } from './deps.js';

/**
 * Minhas Compras' list (GET /api/getMyPages): spec §3's `{code, created_at}` of each bought page, newest first, with
 * what the page practises and its level (the generator's sheetTitle, the title printed on the sheet: 'Adição com
 * reserva — Médio'), so that the member tells pages apart by more than a 22-character code (issue 28).
 */
export const myPurchases = (pages: Array<Pick<PageRecord, 'code' | 'createdAt' | 'options'>>) =>
  pages.map((p) => ({
    code: p.code,
    created_at: p.createdAt.toISOString(),
    title: sheetTitle(p.options),
    level: p.options.level,
    // Issue 25: "Gerar outra igual" opens the builder with the page's settings (its custom options too).
    options: p.options,
  }));
