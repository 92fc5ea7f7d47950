import type { CSSProperties, ReactNode } from 'react';
import './page.css';

/** Product areas; each has its own accent, taken from the arena's palette (docs/design.md section 8). */
export type Area =
  | 'arena' | 'cases' | 'battles' | 'chicken' | 'dice' | 'rewards' | 'race' | 'battlepass' | 'inventory'
  | 'profile' | 'wallet' | 'fairness' | 'partnership' | 'account' | 'info' | 'party';

/** Accent of each area as 'r g b'. */
const ACCENT: Record<Area, string> = {
  arena: '255 129 8',
  cases: '255 129 8',
  battles: '239 68 68',
  chicken: '229 191 38',
  dice: '220 107 252',
  rewards: '229 191 38',
  race: '34 197 94',
  battlepass: '168 85 247',
  inventory: '96 165 250',
  profile: '96 165 250',
  wallet: '34 197 94',
  fairness: '45 212 191',
  partnership: '56 189 248',
  account: '124 196 255',
  info: '167 176 191',
  party: '145 70 255',
};

export interface PageFrameProps {
  area: Area;
  icon?: ReactNode;
  /** Small line above the heading: the area's name. */
  eyebrow: ReactNode;
  title: ReactNode;
  /** One or two sentences: what the page is for. */
  lead?: ReactNode;
  /** Buttons or links beside the heading. */
  actions?: ReactNode;
  /** A narrower column for reading pages. */
  narrow?: boolean;
  children?: ReactNode;
}

/** A page of an area: the heading band in the area's colour, then the page's content. */
export function PageFrame({ area, icon, eyebrow, title, lead, actions, narrow, children }: PageFrameProps) {
  return (
    <div className={`page${narrow ? ' page-narrow' : ''}`} data-area={area} style={{ '--area': ACCENT[area] } as CSSProperties}>
      <header className="page-hero">
        <div className="container page-hero-inner">
          {icon && (
            <span className="page-icon" aria-hidden>
              {icon}
            </span>
          )}
          <div className="page-heading">
            <p className="page-eyebrow">{eyebrow}</p>
            <h1 className="page-title">{title}</h1>
            {lead && <p className="page-lead">{lead}</p>}
          </div>
          {actions && <div className="page-actions">{actions}</div>}
        </div>
      </header>
      <div className="container page-body">{children}</div>
    </div>
  );
}

/** A titled block of a page. */
export function Panel({ title, children, actions, className }: { title?: ReactNode; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`}>
      {(title || actions) && (
        <div className="panel-head">
          {title && <h2 className="panel-title">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/** Nothing to show yet, said plainly with what to do next. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

/** Grey placeholders while data loads. */
export function Skeleton({ count = 8, variant = 'card' }: { count?: number; variant?: 'card' | 'row' }) {
  return (
    <div className={`skeleton-${variant}s`} aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={`skeleton skeleton-${variant}`} />
      ))}
    </div>
  );
}
