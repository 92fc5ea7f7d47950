import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { formatCoins } from '../../core/money.ts';
import { buttonClass } from '../../ui/button.tsx';
import { CaseIcon, CoinIcon } from '../../ui/icons.tsx';
import { ShieldIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { LoginButton, useLogged } from '../session/index.ts';
import { useManifestPart } from '../connection/index.ts';
import { casesQueryOptions } from '../cases/on-demand.ts';
import { homeGameTiles } from './game-tiles.ts';
import { LiveDropsStrip } from './live-drops-strip.tsx';
import './home.css';

/** How many cases the hero shows: the dearest of the catalogue. */
const SHOWCASE_COUNT = 4;

/** New accounts start with this many cents (docs/design.md section 5). */
const STARTING_BALANCE = 100_000;

/** The home page: hero, the game tiles and what makes the arena worth trusting. */
export function HomePage() {
  const logged = useLogged();
  const cases = useQuery(casesQueryOptions());
  const showcase = (cases.data?.cases ?? []).toSorted((a, b) => b.price - a.price).slice(0, SHOWCASE_COUNT);

  return (
    <div className="home">
      <section className="hero container" aria-labelledby="hero-title">
        <div className="hero-copy">
          <p className="hero-eyebrow">CS2 case arena</p>
          <h1 id="hero-title">
            Open cases.
            <br />
            <span>Battle for skins.</span>
          </h1>
          <p className="hero-lead">
            Unbox alone or take seats against players and bots. Every roll is provably fair and you can check it yourself.
          </p>
          <div className="hero-actions">
            {logged ? (
              <PathLink to="/cases" className={buttonClass('primary', 'md', 'hero-cta')}>
                Open a case
              </PathLink>
            ) : (
              <LoginButton />
            )}
            <PathLink to="/battles" className={buttonClass('ghost', 'md', 'hero-cta')}>
              Join a battle
            </PathLink>
          </div>
        </div>
        <ul className="showcase" aria-label="Top cases">
          {cases.isPending &&
            // Room kept for the cards while the list loads, so they do not push the page down.
            Array.from({ length: SHOWCASE_COUNT }, (_, index) => (
              <li key={index} className="skeleton-drop drop-card" aria-hidden="true">
                <span className="drop-link">
                  <span className="drop-art" />
                  <span className="drop-skin">&nbsp;</span>
                  <span className="drop-price">&nbsp;</span>
                </span>
              </li>
            ))}
          {showcase.map((box, index) => (
            <li key={box.hash} className="drop-card" style={{ '--i': index } as CSSProperties}>
              <PathLink to={`/case/${box.key}`} className="drop-link">
                <img className="drop-art" src={box.image} alt="" width={200} height={150} decoding="async" />
                <span className="drop-skin">{box.name}</span>
                <span className="drop-price">
                  <CoinIcon width={14} height={14} />
                  {formatCoins(box.price)}
                  <span className="visually-hidden"> coins</span>
                </span>
              </PathLink>
            </li>
          ))}
        </ul>
      </section>

      <LiveDropsStrip />

      <section className="container games" aria-labelledby="games-title">
        <h2 id="games-title" className="section-title">
          Games
        </h2>
        <GameGrid />
      </section>

      <section className="container promises" aria-label="Why play here">
        <div className="promise">
          <ShieldIcon width={26} height={26} />
          <div>
            <h3>Provably fair</h3>
            <p>Each ticket comes from a committed server seed and your own client seed. Verify any roll.</p>
          </div>
        </div>
        <div className="promise">
          <CoinIcon width={26} height={26} />
          <div>
            <h3>{formatCoins(STARTING_BALANCE)} coins to start</h3>
            <p>New players get a starting balance of play coins on their first sign-in.</p>
          </div>
        </div>
        <div className="promise">
          <CaseIcon width={26} height={26} />
          <div>
            <h3>Install it, take it offline</h3>
            <p>Add the arena to your home screen. Pages you have seen open without a connection.</p>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The game tiles, on their own: the first manifest of a visit renders them again, not the page. */
function GameGrid() {
  const games = useManifestPart(homeGameTiles) ?? homeGameTiles(undefined);
  return (
    <ul className="game-grid">
      {games.map(({ title, to, blurb, icon: Icon, colour }) => (
        <li key={to}>
          <PathLink to={to} className="game-tile" style={{ '--tile': colour } as CSSProperties}>
            <span className="game-icon">
              <Icon width={30} height={30} />
            </span>
            <span className="game-title">{title}</span>
            <span className="game-blurb">{blurb}</span>
            <span className="game-play" aria-hidden>
              Play →
            </span>
          </PathLink>
        </li>
      ))}
    </ul>
  );
}
