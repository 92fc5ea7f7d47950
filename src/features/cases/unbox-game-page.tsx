import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type CSSProperties } from 'react';
import type { MethodResult } from '../../contract/index.ts';
import { ticketDigits } from '../../core/fair-ticket.ts';
import { formatCoins } from '../../core/money.ts';
import { ROULETTE, rouletteScale } from '../../gfx/roulette-plan.ts';
import { Rooms } from '../../contract/index.ts';
import { rpc, socket } from '../../net/index.ts';
import { getSettings, setSetting, useSettings } from '../../storage/settings.ts';
import { useBusyWhile } from '../../ui/activity.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { CaseIcon } from '../../ui/icons.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { EmptyState, PageFrame, Panel } from '../../ui/page-frame.tsx';
import { TicketIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Toggle } from '../../ui/popover.tsx';
import { inventoryKeys } from '../inventory/index.ts';
import { caseTitleFromSlug } from './case-title.ts';
import { caseKeys, caseQueryOptions, unboxGameQueryOptions, type CaseItem, type UnboxDetail } from './queries.ts';
import { OpenCaseLink, SearchLink } from './case-links.tsx';
import { useRoulette } from './use-roulette.ts';
import './cases.css';

type Roll = MethodResult<'arena-unbox.roll'>;

/** Pause between a reveal and the next roll when lightning rolls on by itself. */
const LIGHTNING_PAUSE_MS = 900;

type Stage = 'idle' | 'rolling' | 'spinning' | 'revealed';

/** Adds a roll to the cached game: its new state, its drop and its item. */
function withRoll(detail: UnboxDetail | undefined, roll: Roll): UnboxDetail | undefined {
  // The roll comes twice, as the call's answer and in the game's room: keep it once.
  if (!detail || detail.drops.some((drop) => drop.hash === roll.drop.hash)) return detail;
  const items = detail.items.some((item) => item.hash === roll.item.hash) ? detail.items : [...detail.items, roll.item];
  return { ...detail, game: roll.game, drops: [...detail.drops, roll.drop], items };
}

/** /case/{key}/{token}: a personal unbox game. Each roll asks the server for the drop, then the roulette spins to it. */
export function UnboxGamePage({ caseKey, token }: { caseKey: string; token: string }) {
  const queryClient = useQueryClient();
  const box = useQuery(caseQueryOptions(caseKey));
  const game = useQuery(unboxGameQueryOptions(token));
  const { fast_spin, lightning } = useSettings();
  const host = useRef<HTMLDivElement>(null);
  const [scale] = useState(() => rouletteScale(window.innerWidth));
  const roulette = useRoulette(host, scale);
  const [stage, setStage] = useState<Stage>('idle');
  const [landed, setLanded] = useState<{ item: CaseItem; roll: Roll } | null>(null);
  const alive = useRef(true);
  const busy = useRef(false);
  const started = useRef(false);
  const pool = box.data?.items;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // Rolls made from another tab of this game land in its room (ARENA_GAME[{token}]).
  useEffect(() => {
    const leave = socket.subscribe(Rooms.arenaGame(token));
    const off = socket.on('ARENA_GAME_ROLL', (roll) => {
      // This tab's own roll is shown by its spin, not before.
      if (!('drop' in roll) || roll.game.token !== token || busy.current) return;
      queryClient.setQueryData(caseKeys.game(token), (detail: UnboxDetail | undefined) => withRoll(detail, roll));
    });
    return () => {
      off();
      leave();
    };
  }, [queryClient, token]);

  // A mutation, so a refused roll is reported the spec's way (the query client's mutation cache).
  const rollCall = useMutation({ mutationFn: (fast: boolean) => rpc.call('arena-unbox.roll', { token, ...(fast ? { fast: 1 } : {}) }) });
  const rollOnce = async (): Promise<void> => {
    if (busy.current || !pool) return;
    busy.current = true;
    setStage('rolling');
    let roll: Roll;
    const fast = getSettings().fast_spin;
    try {
      roll = await rollCall.mutateAsync(fast);
    } catch {
      // Already reported; the player may try again.
      busy.current = false;
      if (alive.current) setStage('idle');
      return;
    }
    queryClient.setQueryData(caseKeys.game(token), (detail: UnboxDetail | undefined) => withRoll(detail, roll));
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    if (!alive.current) return;
    setLanded(null);
    setStage('spinning');
    let item: CaseItem = roll.item;
    try {
      const result = await roulette.spin({ winner: roll.item, pool, seed: roll.drop.hash, durationMs: roll.roll.duration, fast });
      if (result) item = result.item;
    } catch {
      // The page left mid-spin: the drop is in the inventory all the same.
    }
    busy.current = false;
    if (!alive.current) return;
    setLanded({ item, roll });
    setStage('revealed');
  };
  const rollFromEffect = useEffectEvent(() => void rollOnce());

  // Lightning: after a reveal the next roll follows by itself while rolls are left.
  const detail = game.data;
  const running = detail?.game.status === 'running';
  useEffect(() => {
    if (stage !== 'revealed' || !lightning || !running) return;
    const timer = setTimeout(rollFromEffect, LIGHTNING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [stage, lightning, running]);

  // A fresh game starts spinning as soon as its page and the case are there.
  useEffect(() => {
    if (started.current || !detail || !pool || roulette.status === 'loading') return;
    started.current = true;
    if (detail.game.status === 'running' && detail.game.round === 0) rollFromEffect();
  }, [detail, pool, roulette.status]);

  const name = box.data?.box.name ?? caseTitleFromSlug(caseKey);
  const itemsByHash = new Map([...(detail?.items ?? []), ...(pool ?? [])].map((item) => [item.hash, item]));
  const left = detail ? detail.game.rounds - detail.game.round : 0;
  const spinning = stage === 'rolling' || stage === 'spinning';
  useBusyWhile(`unbox:${token}`, spinning);
  const path = `/case/${caseKey}/${token}`;
  // Newest first; a drop still spinning shows only once the roulette has landed on it.
  const spinningDrop = spinning && landed === null ? detail?.drops.at(-1)?.hash : undefined;
  const shownDrops = (detail?.drops ?? []).toReversed().flatMap((drop) => {
    const item = itemsByHash.get(drop.item_hash);
    return item && drop.hash !== spinningDrop ? [{ drop, item }] : [];
  });

  return (
    <PageFrame
      area="cases"
      icon={<CaseIcon />}
      eyebrow="Unbox"
      title={name}
      lead="Your personal unbox game: the rolls you bought spin here one by one, and every drop goes to your inventory."
      actions={
        <>
          <PathLink to={`/case/${caseKey}`} className={buttonClass('ghost')}>
            Back to the case
          </PathLink>
          <PathLink to={`${path}/verify`} className={buttonClass('ghost')}>
            <TicketIcon /> Verify
          </PathLink>
        </>
      }
    >
      {game.isError ? (
        <EmptyState title="Game not found.">This unbox game does not exist or belongs to someone else.</EmptyState>
      ) : (
        <>
          <section className="unbox-stage" aria-label="Roulette" data-phase={stage} data-roulette={roulette.status}>
            <div ref={host} className="roulette-host" style={{ '--roulette-height': `${Math.round((ROULETTE.itemHeight + 40) * scale)}px` } as CSSProperties} />
            {roulette.status === 'unavailable' && <p className="roulette-note">Animations are off on this device: each drop shows at once.</p>}
            <div className="unbox-result" aria-live="polite">
              {landed ? (
                <p>
                  You dropped <strong data-testid="landed-item">{landed.item.name}</strong> worth {formatCoins(landed.item.price)} coins, ticket {ticketDigits(landed.roll.drop.ticket)}.{' '}
                  <PathLink to="/inventory">See it in your inventory</PathLink>
                </p>
              ) : spinning ? (
                <p>Spinning…</p>
              ) : (
                <p>{left > 0 ? 'Press spin to open the next case.' : 'Every roll of this game is spent.'}</p>
              )}
            </div>
          </section>
          <div className="unbox-controls">
            <p className="unbox-left" data-testid="rolls-left">
              {detail ? (
                <>
                  <strong>{left}</strong> of {detail.game.rounds} {detail.game.rounds === 1 ? 'roll' : 'rolls'} left
                </>
              ) : (
                'Loading the game…'
              )}
            </p>
            <div className="unbox-buttons">
              {spinning ? (
                <Button onClick={() => roulette.skip()} disabled={stage !== 'spinning'}>
                  Skip
                </Button>
              ) : left > 0 || !detail ? (
                <Button variant="primary" disabled={!detail || !pool} onClick={() => void rollOnce()}>
                  Spin
                </Button>
              ) : (
                <OpenCaseLink caseKey={caseKey} className={buttonClass('primary')}>
                  Open again
                </OpenCaseLink>
              )}
            </div>
            <div className="unbox-toggles">
              <Toggle label="Fast spin" checked={fast_spin} onChange={(value) => setSetting('fast_spin', value)} />
              <Toggle label="Lightning" hint="Roll on by itself" checked={lightning} onChange={(value) => setSetting('lightning', value)} />
            </div>
          </div>
          <Panel title="Drops of this game">
            {shownDrops.length > 0 ? (
              <ul className="item-grid" aria-label="Drops of this game">
                {shownDrops.map(({ drop, item }) => (
                  <li key={drop.hash}>
                    <ItemCard name={item.name} image={item.image} color={item.color} price={item.price} note={`Roll ${drop.round} · ticket ${ticketDigits(drop.ticket)}`}>
                      <SearchLink to={`${path}/verify`} search={{ drop: drop.hash }} className={buttonClass('ghost', 'sm')} label={`Verify roll ${drop.round}`}>
                        Verify
                      </SearchLink>
                    </ItemCard>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No drops yet.</p>
            )}
          </Panel>
        </>
      )}
    </PageFrame>
  );
}
