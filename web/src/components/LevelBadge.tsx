import './LevelBadge.css';

/** Difficulty levels of spec §9 (0 easy, 1 medium, 2 hard) as shown on the site; badge colours green, orange, red. */
export const levels = [
  { value: 0, slug: 'facil', name: 'Fácil', grades: '1º e 2º ano' },
  { value: 1, slug: 'medio', name: 'Médio', grades: '3º ano' },
  { value: 2, slug: 'dificil', name: 'Difícil', grades: '4º e 5º ano' },
] as const;

export type LevelValue = (typeof levels)[number]['value'];

export function LevelBadge({ level }: { level: LevelValue }) {
  const { slug, name } = levels[level];
  return <span className={`level-badge level-badge--${slug}`}>{name}</span>;
}
