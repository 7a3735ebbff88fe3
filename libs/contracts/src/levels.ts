/**
 * The difficulty levels, stated once: the value stored and sent, the name printed on the sheet and shown on the
 * site, the school years it is meant for, the badge's slug and colour. Every other list of levels (the generator's
 * names, the API's schema, the site's badges) is read from this table.
 *
 * No zod and no other import, so the generator and the SPA's entry screens load it on their own
 * (`@app/contracts/levels`).
 */
export const LEVELS = [
  { value: 0, slug: 'facil', name: 'Fácil', grades: '1º e 2º ano', colour: '#2e7d32' },
  // A deep orange: white text on it reads at 5.2:1 (the brighter #e65100 was 3.8:1, below WCAG AA).
  { value: 1, slug: 'medio', name: 'Médio', grades: '3º ano', colour: '#c2410c' },
  { value: 2, slug: 'dificil', name: 'Difícil', grades: '4º e 5º ano', colour: '#c62828' },
] as const;

export type LevelInfo = (typeof LEVELS)[number];

/** 0 Fácil (1º–2º ano), 1 Médio (3º ano), 2 Difícil (4º–5º ano). */
export type Level = LevelInfo['value'];

export type LevelName = LevelInfo['name'];

/** The values, in order: `[0, 1, 2]`. */
export const LEVEL_VALUES = LEVELS.map((level) => level.value) as [Level, ...Level[]];

/** The name of each level: `LEVEL_NAMES[1]` is 'Médio'. */
export const LEVEL_NAMES = Object.fromEntries(LEVELS.map((level) => [level.value, level.name])) as Readonly<
  Record<Level, LevelName>
>;

/** Whether a value is a level. */
export const isLevel = (value: unknown): value is Level => LEVEL_VALUES.some((level) => level === value);

/**
 * A page made with "Personalizar" has no level: it is named 'Personalizada' (the sheet's footer badge, the card in
 * Minhas Compras, the gabarito), on a neutral colour (white text on it reads at 10.4:1).
 */
export const CUSTOM_BADGE = { slug: 'personalizada', text: 'Personalizada', colour: '#37474f' } as const;
