import type { CSSProperties, ReactNode } from 'react';
import { formatCoins } from '../core/money.ts';
import { CoinIcon } from './icons.tsx';
import './item-card.css';

export interface ItemCardProps {
  /** Market name: weapon | skin (wear). */
  name: string;
  image: string;
  /** The rarity's colour, #rrggbb. */
  color: string;
  /** Cents. */
  price: number;
  /** A second line under the name (odds, wear, drop time). */
  note?: ReactNode;
  /** Buttons at the bottom of the card. */
  children?: ReactNode;
  /**
   * One of a list's first cards, on the first screen: its art is fetched at once and first, not
   * once layout has found it near the screen (it is often the page's largest paint).
   */
  first?: boolean;
}

/** How many of a list's cards count as on the first screen (a phone's two rows of two). */
export const FIRST_SCREEN_CARDS = 4;

/** Wear names and their abbreviations (document 1 section 9). */
const WEAR: Record<string, string> = {
  'Factory New': 'FN',
  'Minimal Wear': 'MW',
  'Field-Tested': 'FT',
  'Well-Worn': 'WW',
  'Battle-Scarred': 'BS',
};

/** Splits 'AK-47 | Redline (Field-Tested)' into weapon, skin and wear ('FT'). */
export function splitItemName(name: string): { weapon: string; skin: string; wear: string | null } {
  const [weapon, ...rest] = name.split(' | ');
  const full = rest.join(' | ');
  const match = /^(.*) \(([^)]+)\)$/.exec(full);
  const wear = match ? (WEAR[match[2] ?? ''] ?? null) : null;
  return { weapon: weapon ?? name, skin: wear && match ? (match[1] ?? full) : full, wear };
}

/** An item in the arena's look: its art on a glow of its rarity colour, name and price. */
export function ItemCard({ name, image, color, price, note, children, first = false }: ItemCardProps) {
  const { weapon, skin, wear } = splitItemName(name);
  return (
    <article className="item-card" style={{ '--rarity': color } as CSSProperties}>
      <img className="item-art" src={image} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} decoding="async" width={160} height={120} />
      <div className="item-text">
        <span className="item-weapon">
          {weapon}
          {wear && <abbr className="item-wear">{wear}</abbr>}
        </span>
        <span className="item-skin">{skin || '\u00a0'}</span>
        {note && <span className="item-note">{note}</span>}
      </div>
      <span className="item-price">
        <CoinIcon width={16} height={16} />
        {formatCoins(price)}
      </span>
      {children && <div className="item-actions">{children}</div>}
    </article>
  );
}
