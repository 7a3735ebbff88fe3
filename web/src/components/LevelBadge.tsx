import { LEVELS, type Level } from '@app/contracts/levels';
import './LevelBadge.css';

/** The difficulty levels as the site shows them (value, name, school years, badge colour): the contracts' table. */
export const levels = LEVELS;

export type LevelValue = Level;

export function LevelBadge({ level }: { level: LevelValue }) {
  const { slug, name, colour } = LEVELS[level];
  return (
    <span className={`level-badge level-badge--${slug}`} style={{ background: colour }}>
      {name}
    </span>
  );
}
