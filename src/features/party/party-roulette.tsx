/**
 * The party's winner roulette (document 3: it replaces the progress bar and spins for about
 * 4 seconds, then the winner banner stays 3 seconds). It is the case roulette's own PixiJS
 * scene (src/gfx/roulette-scene.ts through useRoulette, on the session's one renderer, with
 * performance mode and reduced motion as everywhere): the cards are the participants (their
 * initial and name) and the strip stops on the published winner, which the server drew before the
 * roll was sent. Without WebGL the banner shows at once.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ServerMessageData, StreamParty } from '../../contract/index.ts';
import { PARTY_ROULETTE_MS, PARTY_WINNER_BANNER_MS } from '../../core/index.ts';
import { defaultAvatarIndex } from '../../core/default-avatar.ts';
import type { RouletteItem } from '../../gfx/roulette-scene.ts';
import { ROULETTE, rouletteScale } from '../../gfx/roulette-plan.ts';
import { useRoulette } from '../../ui/use-roulette.ts';

type Roll = ServerMessageData<'STREAM_PARTY_ROLL'> & { at: number };

/** The fast settle (400 ms) after a 3.6 s spin: about 4 s in all. */
const SPIN_MS = PARTY_ROULETTE_MS - ROULETTE.fastSettleMs;

// Card colours, picked by the player's default-avatar index so a player keeps theirs.
const CARD_COLOURS = [
  ['#7c3aed', '#312e81'], ['#0ea5e9', '#1e3a8a'], ['#10b981', '#064e3b'], ['#f59e0b', '#7c2d12'],
  ['#ef4444', '#7f1d1d'], ['#ec4899', '#701a75'], ['#14b8a6', '#134e4a'], ['#6366f1', '#1e1b4b'],
] as const;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A participant as a roulette card: their initial on their colour and their name, drawn as
 * an SVG (the scene rasterises SVG art), so the strip shows who is in the draw. No rarity: the
 * winner must not stand out.
 */
function participantCard(user: { hash: string; display_name: string }): RouletteItem {
  const [from, to] = CARD_COLOURS[defaultAvatarIndex(user.hash) % CARD_COLOURS.length]!;
  const name = user.display_name.length > 12 ? `${user.display_name.slice(0, 11)}…` : user.display_name;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 144 112" width="144" height="112">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    '<circle cx="72" cy="42" r="32" fill="url(#g)"/>' +
    `<text x="72" y="54" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#fff">${xml(user.display_name.slice(0, 1).toUpperCase())}</text>` +
    `<text x="72" y="102" text-anchor="middle" font-family="system-ui, sans-serif" font-size="17" font-weight="600" fill="#e5e7eb">${xml(name)}</text>` +
    '</svg>';
  return { hash: user.hash, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, rarity: 'light_blue', name: user.display_name };
}

/** Whether the last roll is a drawn tier of this party (one with a winner). */
export function rollOf(roll: Roll | null, party: StreamParty): roll is Roll {
  return !!roll && roll.id === party.id && !!roll.winner_hash;
}

/** Spins to the roll's winner, then shows the banner; `onDone` when the banner has been seen. */
export function PartyRoulette({ party, roll, onDone }: { party: StreamParty; roll: Roll; onDone(): void }) {
  const host = useRef<HTMLDivElement>(null);
  const [scale] = useState(() => Math.min(1, rouletteScale(window.innerWidth)));
  const roulette = useRoulette(host, scale);
  const [landed, setLanded] = useState<string | null>(null);
  const [phase, setPhase] = useState<'spinning' | 'banner'>('spinning');
  const started = useRef(false);
  // A modal opened well after the draw shows the tier's winner, not a late spin.
  const [late] = useState(() => Date.now() - roll.at > PARTY_ROULETTE_MS + PARTY_WINNER_BANNER_MS);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (late) {
      done.current();
      return;
    }
    if (started.current) return;
    started.current = true;
    const winner = participantCard(roll.user ?? { hash: roll.winner_hash!, display_name: '?' });
    const pool = party.users.filter((u) => u.hash !== winner.hash).map(participantCard);
    let timer: ReturnType<typeof setTimeout> | undefined;
    void roulette
      .spin({ winner, pool: pool.length ? pool : [winner], seed: `${roll.id}:${roll.number}`, durationMs: SPIN_MS, fast: true })
      .catch(() => null)
      .then((result) => {
        setLanded(result?.item.hash ?? winner.hash);
        setPhase('banner');
        timer = setTimeout(() => done.current(), PARTY_WINNER_BANNER_MS);
      });
    return () => clearTimeout(timer);
    // One spin per roll: the party's refetches during the spin do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roll.id, roll.number]);

  if (late) return null;
  return (
    <div className="party-roulette-stage" aria-label={`Drawing tier ${roll.number}`} role="region" data-roulette={roulette.status} data-phase={phase} data-landed={landed ?? ''}>
      <div ref={host} className="party-roulette" style={{ '--roulette-height': `${Math.round((ROULETTE.itemHeight + 24) * scale)}px` } as CSSProperties} />
      {phase === 'banner' && (
        <div className="party-banner" role="status">
          {roll.user?.display_name} won tier {roll.number}: {roll.item.name}
        </div>
      )}
    </div>
  );
}
