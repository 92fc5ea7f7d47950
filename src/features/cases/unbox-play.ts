/**
 * The play of a personal unbox game: each roll asks the server for the drop, then the roulette
 * spins to it; with auto spin a fresh game starts at once, lightning rolls on by itself
 * (Lightning+ lands those rolls without the spin), and rolls made in another tab arrive through
 * the game's room.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Rooms, type MethodResult } from '../../contract/index.ts';
import { rouletteScale } from '../../gfx/roulette-plan.ts';
import { rpc, socket } from '../../net/index.ts';
import { getSettings, settingsLoaded, useSettings } from '../../storage/settings.ts';
import { inventoryKeys } from '../inventory/index.ts';
import { pushNotice } from '../notifications/index.ts';
import { ITEM_LOAD_ISSUE, caseLoadText } from './case-errors.tsx';
import { caseKeys, caseQueryOptions, unboxGameQueryOptions, type CaseItem, type UnboxDetail } from './queries.ts';
import { useRoulette } from '../../ui/use-roulette.ts';

/** One roll's answer. */
export type Roll = MethodResult<'arena-unbox.roll'>;

/** Pause between a reveal and the next roll when lightning rolls on by itself. */
const LIGHTNING_PAUSE_MS = 900;

/** Where the roulette is: waiting for a spin, asking for the drop, spinning, or showing it. */
export type Stage = 'idle' | 'rolling' | 'spinning' | 'revealed';

/** Adds a roll to the cached game: its new state, its drop and its item. */
function withRoll(detail: UnboxDetail | undefined, roll: Roll): UnboxDetail | undefined {
  // The roll comes twice, as the call's answer and in the game's room: keep it once.
  if (!detail || detail.drops.some((drop) => drop.hash === roll.drop.hash)) return detail;
  const items = detail.items.some((item) => item.hash === roll.item.hash) ? detail.items : [...detail.items, roll.item];
  return { ...detail, game: roll.game, drops: [...detail.drops, roll.drop], items };
}

/** The game, its case, the roulette and the roll in progress for /case/{key}/{token}. */
export function useUnboxPlay(caseKey: string, token: string) {
  const queryClient = useQueryClient();
  const box = useQuery(caseQueryOptions(caseKey));
  const game = useQuery(unboxGameQueryOptions(token));
  const { lightning } = useSettings();
  const host = useRef<HTMLDivElement>(null);
  const [scale] = useState(() => rouletteScale(window.innerWidth));
  const pool = box.data?.items;
  const roulette = useRoulette(host, scale, pool);
  const [stage, setStage] = useState<Stage>('idle');
  const [landed, setLanded] = useState<{ item: CaseItem; roll: Roll } | null>(null);
  const alive = useRef(true);
  const busy = useRef(false);
  const started = useRef(false);
  // The items the roulette spins through did not load (document 2 section 8): said once per
  // failure; offline the connection banner speaks instead.
  const boxFailed = box.isError && caseLoadText(box.error) !== null && box.errorUpdatedAt;
  useEffect(() => {
    if (boxFailed) pushNotice({ type: 'error', title: ITEM_LOAD_ISSUE, message: box.error instanceof Error ? box.error.message : 'The case did not load.' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boxFailed]);

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
  /** One roll; `chained`: lightning rolled it on by itself, so Lightning+ may land it at once. */
  const rollOnce = async (chained = false): Promise<void> => {
    if (busy.current || !pool) return;
    busy.current = true;
    // Each stage re-renders the page (the buttons, what landed, the drop's card): some 80-100 ms
    // of script on a phone slowed 5x, in the press's own task or where the next taps land (issue
    // 31). As transitions they render in slices that yield to a tap; `busy` already keeps a second
    // press from rolling twice.
    startTransition(() => setStage('rolling'));
    let roll: Roll;
    const { fast_spin: fast, lightning_plus } = getSettings();
    const instant = chained && lightning_plus;
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
    startTransition(() => {
      setLanded(null);
      setStage('spinning');
    });
    let item: CaseItem = roll.item;
    try {
      const result = await roulette.spin({ winner: roll.item, pool, seed: roll.drop.hash, durationMs: roll.roll.duration, fast, instant });
      if (result) item = result.item;
    } catch {
      // The page left mid-spin: the drop is in the inventory all the same.
    }
    busy.current = false;
    if (!alive.current) return;
    startTransition(() => {
      setLanded({ item, roll });
      setStage('revealed');
    });
  };
  const rollFromEffect = useEffectEvent((chained: boolean) => void rollOnce(chained));

  // Lightning: after a reveal the next roll follows by itself while rolls are left.
  const detail = game.data;
  const running = detail?.game.status === 'running';
  useEffect(() => {
    if (stage !== 'revealed' || !lightning || !running) return;
    const timer = setTimeout(() => rollFromEffect(true), LIGHTNING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [stage, lightning, running]);

  // Auto spin: a fresh game starts spinning as soon as its page and the case are there.
  useEffect(() => {
    if (started.current || !detail || !pool || roulette.status === 'loading') return;
    started.current = true;
    if (detail.game.status !== 'running' || detail.game.round !== 0) return;
    // A player who turned auto spin off may have their choice still on its way from IndexedDB.
    void settingsLoaded().then(() => {
      if (alive.current && getSettings().auto_spin) rollFromEffect(false);
    });
  }, [detail, pool, roulette.status]);

  return { box, game, detail, pool, host, scale, roulette, stage, landed, rollOnce };
}
