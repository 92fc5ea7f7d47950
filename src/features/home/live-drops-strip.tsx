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
                <PathLink to={`/case/${drop.box_key}`} className="live-drop-link" aria-label={`${item.name}, ${formatCoins(item.price)} coins, by ${drop.user.display_name}`}>
                  <img src={item.image} alt="" width={96} height={72} decoding="async" />
                  <span className="live-drop-name">{item.skin || item.weapon}</span>
                  <span className="live-drop-price">
                    <CoinIcon width={12} height={12} />
                    {formatCoins(item.price)}
                  </span>
                  <span className="live-drop-user">{drop.user.display_name}</span>
                </PathLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
