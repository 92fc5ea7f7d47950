import type { CSSProperties } from 'react';
import { formatCoins } from '../../core/money.ts';
import { CoinIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useLiveDrops } from './live-drops.ts';

/** The live drops strip: every case opened on the site, newest first, while the window has focus. */
export function LiveDropsStrip() {
  const { drops, focused } = useLiveDrops();
  return (
    <section className="container live-drops" aria-labelledby="live-drops-title">
      <h2 id="live-drops-title" className="section-title">
        <span className="live-dot" aria-hidden /> Live drops
      </h2>
      {drops.length === 0 ? (
        <p className="live-empty">{focused ? 'Drops from every case show up here the moment they land. Open one and watch.' : 'Live drops pause while this window is in the background.'}</p>
      ) : (
        <ul className="live-strip" aria-label="Live drops" aria-live="off">
          {drops.map((drop) => {
            const item = drop.items[0];
            if (!item) return null;
            return (
              <li key={drop.hash} className="live-drop" style={{ '--rarity': item.color } as CSSProperties}>
                <PathLink to={`/case/${drop.box_key}`} className="live-drop-link">
                  <img src={item.image} alt="" width={96} height={72} decoding="async" />
                  {/* The card shows the short name; the link's name is the full one. */}
                  <span className="visually-hidden">{item.name}</span>
                  <span className="live-drop-name" aria-hidden="true">
                    {item.skin || item.weapon}
                  </span>
                  <span className="live-drop-price">
                    <CoinIcon width={12} height={12} />
                    {formatCoins(item.price)}
                    <span className="visually-hidden"> coins</span>
                  </span>
                  <span className="live-drop-user">
                    <span className="visually-hidden">by </span>
                    {drop.user.display_name}
                  </span>
                </PathLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
