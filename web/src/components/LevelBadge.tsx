import { CUSTOM_BADGE, LEVELS, type Level } from '@app/contracts/levels';
import './LevelBadge.css';

/** The difficulty levels as the site shows them (value, name, school years, badge colour): the contracts' table. */
export const levels = LEVELS;

export type LevelValue = Level;

/** A page's badge: its level, or 'Personalizada' for a page made with "Personalizar" (it has no level). */
export function LevelBadge({ level, custom = false }: { level: LevelValue; custom?: boolean }) {
  const { slug, name, colour } = custom
    ? { slug: CUSTOM_BADGE.slug, name: CUSTOM_BADGE.text, colour: CUSTOM_BADGE.colour }
    : LEVELS[level];
  return (
    <span className={`level-badge level-badge--${slug}`} style={{ background: colour }}>
      {name}
    </span>
  );
}
