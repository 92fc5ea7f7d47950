import type { ReactNode } from 'react';
import { PathLink } from '../../ui/path-link.tsx';

/** One payment method in the wallet's grids: its mark and name, linking to its page. */
export function MethodTile({ to, mark, name }: { to: string; mark: ReactNode; name: string }) {
  return (
    <PathLink to={to} className="method-tile">
      <span className="method-mark" aria-hidden>
        {mark}
      </span>
      <span className="method-name">{name}</span>
    </PathLink>
  );
}
