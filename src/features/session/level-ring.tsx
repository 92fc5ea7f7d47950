import type { CSSProperties, ReactNode } from 'react';
import { levelProgress } from '../../core/levels.ts';
import { levelColour } from '../../ui/level-colour.ts';

/** The header avatar wearing the level: a ring in the band's colour, filled as far as the level's progress. */
export default function LevelRing({ exp, level, children }: { exp: number; level: number; children: ReactNode }) {
  const standing = levelProgress(exp);
  return (
    <span
      className="user-ring"
      style={{ '--ring': levelColour(level), '--fill': `${standing.percent}%` } as CSSProperties}
      data-testid="level-ring"
      data-level={level}
      data-percent={standing.percent}
    >
      {children}
    </span>
  );
}
