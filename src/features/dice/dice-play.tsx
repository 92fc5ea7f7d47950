import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { formatMultiplier, payoutOf } from '../../core/chicken-rules.ts';
import { DICE_EDGE_BP, DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_TICKET_MAX, diceMultiplier, diceTarget, formatHundredths, type DiceSide } from '../../core/dice-rules.ts';
import { cleanAmountInput, formatCoins, formatCount, parseCoinsToCents } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { playBalanceChange, playSound } from '../../sound/index.ts';
import { useBusyWhile } from '../../ui/activity.ts';
import { BetInput, stakeCents } from '../../ui/bet-input.tsx';
import { Button } from '../../ui/button.tsx';
import { DiceIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useSceneWanted } from '../../ui/scene-wanted.ts';
import { LoginButton, useLogged } from '../session/index.ts';
import { DiceFeed, DiceHistory } from './dice-feed.tsx';
import { DiceTrackView } from './dice-track-view.tsx';
import { diceHistoryQueryOptions, diceKeys, type DiceAuto, type DiceRoll } from './queries.ts';
import { useDiceScene } from './use-dice-scene.ts';
import '../../ui/games.css';
import './dice.css';

type Mode = 'manual' | 'auto';

/** Optional cents from a coins field: empty means no limit. */
const limitCents = (text: string) => (text.trim() === '' ? undefined : (parseCoinsToCents(text) ?? undefined));

/** /dice: roll over or under a target. Each roll is one server call; auto-bet is the server's run, rolled one call at a time. */
export function DicePage() {
  const logged = useLogged();
  const queryClient = useQueryClient();
  const [bet, setBet] = useState('1.00');
  const [side, setSide] = useState<DiceSide>('under');
  const [chance, setChance] = useState(4_950);
  const [mode, setMode] = useState<Mode>('manual');
  const [count, setCount] = useState('10');
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [last, setLast] = useState<DiceRoll | null>(null);
  const [auto, setAuto] = useState<DiceAuto | null>(null);
  const [rolling, setRolling] = useState(false);
  const stopping = useRef(false);
  const alive = useRef(true);
  const host = useRef<HTMLDivElement>(null);
  const ids = { slider: useId(), count: useId(), profit: useId(), loss: useId() };
  const target = diceTarget(side, chance);
  // PixiJS loads when the player reaches for the page, or at idle for one who can play.
  const wanted = useSceneWanted(logged);
  const { scene, status } = useDiceScene(host, side, target, wanted);
  const history = useQuery({ ...diceHistoryQueryOptions(), enabled: logged });
  useBusyWhile('dice', rolling);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stopping.current = true;
    };
  }, []);

  const stake = stakeCents(bet);
  const multiplier = diceMultiplier(chance);
  const rollCall = useMutation({ mutationFn: () => rpc.call('dice.roll', { bet: stake ?? 0, side, target, stamp: crypto.randomUUID() }) });
  const autoStart = useMutation({
    mutationFn: () =>
      rpc.call('dice.auto-start', {
        bet: stake ?? 0,
        side,
        target,
        count: Number(count),
        ...(limitCents(stopProfit) ? { stop_profit: limitCents(stopProfit) } : {}),
        ...(limitCents(stopLoss) ? { stop_loss: limitCents(stopLoss) } : {}),
      }),
  });
  const autoRoll = useMutation({ mutationFn: (hash: string) => rpc.call('dice.auto-roll', { hash, stamp: crypto.randomUUID() }) });

  const show = async (roll: DiceRoll) => {
    await scene?.roll(roll.roll, roll.win);
    if (!alive.current) return;
    setLast(roll);
    if (roll.win) playBalanceChange(roll.payout);
    else playSound('tick');
    queryClient.setQueryData(diceKeys.history, (data: { rolls: DiceRoll[] } | undefined) => ({ rolls: [roll, ...(data?.rolls ?? []).filter((r) => r.hash !== roll.hash)].slice(0, 20) }));
  };

  const rollOnce = async () => {
    if (rolling || stake === null) return;
    setRolling(true);
    try {
      await show((await rollCall.mutateAsync()).roll);
    } catch {
      // Reported by the mutation cache.
    }
    if (alive.current) setRolling(false);
  };

  const runAuto = async () => {
    if (rolling || stake === null) return;
    setRolling(true);
    stopping.current = false;
    let current: DiceAuto | null = null;
    try {
      current = (await autoStart.mutateAsync()).auto;
      setAuto(current);
      while (current.status === 'running' && !stopping.current) {
        const answer = await autoRoll.mutateAsync(current.hash);
        await show(answer.roll);
        current = answer.auto;
        if (alive.current) setAuto(current);
      }
    } catch {
      // A refused roll (funds) ends the run on this side; the server's run is stopped below.
    }
    if (current?.status === 'running') {
      const stopped = await rpc.call('dice.auto-stop', { hash: current.hash }).catch(() => null);
      if (stopped && alive.current) setAuto(stopped.auto);
    }
    if (alive.current) setRolling(false);
  };

  const pickSide = (next: DiceSide) => {
    if (next !== side) setSide(next);
  };
  const countValid = /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= 1_000;

  return (
    <PageFrame area="dice" icon={<DiceIcon />} eyebrow="Dice" title="Dice" lead="Pick a target and roll over or under it. The lower your chance, the bigger the multiplier.">
      <div className="dice-layout">
        <div className="dice-stage">
          <div ref={host} className="dice-bar" data-testid="dice-bar" data-scene={status}>
            {status !== 'ready' && <DiceTrackView side={side} target={target} value={last?.roll ?? null} win={last?.win ?? false} />}
          </div>
          <div className="dice-result" role="status" aria-live="polite" data-testid="dice-result">
            {last ? (
              <>
                <span className={`dice-number mono ${last.win ? 'games-won' : 'games-lost'}`}>{formatHundredths(last.roll)}</span>
                <span>
                  {last.win ? `Win: +${formatCoins(last.payout)}` : `Loss: -${formatCoins(last.bet)}`} · <PathLink to={`/dice/${last.hash}`}>Roll {last.hash}</PathLink> ·{' '}
                  <PathLink to={`/provably-fair/dice/${last.token}`}>Check fairness</PathLink>
                </span>
              </>
            ) : (
              <span>Rolls land from 0.00 to 99.99.</span>
            )}
          </div>
          <div className="dice-figures">
            <div>
              <span className="field-label">Roll {side}</span>
              <strong className="mono" data-testid="dice-target">
                {formatHundredths(target)}
              </strong>
            </div>
            <div>
              <span className="field-label">Win chance</span>
              <strong className="mono">{formatHundredths(chance)}%</strong>
            </div>
            <div>
              <span className="field-label">Multiplier</span>
              <strong className="mono">{formatMultiplier(multiplier, 4)}x</strong>
            </div>
            <div>
              <span className="field-label">Payout on win</span>
              <strong className="mono">{formatCoins(payoutOf(stake ?? 0, multiplier))}</strong>
            </div>
          </div>
          <label className="field dice-slider" htmlFor={ids.slider}>
            <span className="field-label">Win chance</span>
            <input
              id={ids.slider}
              type="range"
              min={DICE_MIN_CHANCE}
              max={DICE_MAX_CHANCE}
              step={1}
              value={chance}
              disabled={rolling}
              aria-valuetext={`${formatHundredths(chance)}%, roll ${side} ${formatHundredths(target)}`}
              onChange={(event) => setChance(Number(event.target.value))}
            />
          </label>
        </div>

        <Panel title="Your bet" className="dice-controls">
          {!logged ? (
            <div className="games-guest">
              <p>Sign in to roll. Your balance pays the stake and takes the winnings.</p>
              <LoginButton />
            </div>
          ) : (
            <div className="dice-actions">
              <div className="page-tabs dice-modes" role="tablist" aria-label="Mode">
                {(['manual', 'auto'] as const).map((name) => (
                  <button key={name} type="button" role="tab" aria-selected={mode === name} className="page-tab" data-status={mode === name ? 'active' : undefined} disabled={rolling} onClick={() => setMode(name)}>
                    {name === 'manual' ? 'Manual' : 'Auto'}
                  </button>
                ))}
              </div>
              <BetInput value={bet} onChange={setBet} disabled={rolling} />
              <div className="dice-sides" role="group" aria-label="Side">
                {(['under', 'over'] as const).map((name) => (
                  <Button key={name} variant={side === name ? 'primary' : 'ghost'} aria-pressed={side === name} disabled={rolling} onClick={() => pickSide(name)}>
                    Roll {name}
                  </Button>
                ))}
              </div>
              {mode === 'manual' ? (
                <Button variant="primary" busy={rolling} disabled={stake === null} onClick={() => void rollOnce()}>
                  {rolling ? 'Rolling…' : 'Roll'}
                </Button>
              ) : (
                <>
                  <label className="field" htmlFor={ids.count}>
                    <span className="field-label">Number of rolls (1 to 1000)</span>
                    <input id={ids.count} className="field-input mono" inputMode="numeric" value={count} disabled={rolling} onChange={(event) => setCount(event.target.value.replace(/\D/g, '').slice(0, 4))} />
                  </label>
                  <div className="dice-limits">
                    <label className="field" htmlFor={ids.profit}>
                      <span className="field-label">Stop on profit</span>
                      <input id={ids.profit} className="field-input mono" inputMode="decimal" placeholder="none" value={stopProfit} disabled={rolling} onChange={(event) => setStopProfit(cleanAmountInput(event.target.value, { decimals: 2 }))} />
                    </label>
                    <label className="field" htmlFor={ids.loss}>
                      <span className="field-label">Stop on loss</span>
                      <input id={ids.loss} className="field-input mono" inputMode="decimal" placeholder="none" value={stopLoss} disabled={rolling} onChange={(event) => setStopLoss(cleanAmountInput(event.target.value, { decimals: 2 }))} />
                    </label>
                  </div>
                  {rolling ? (
                    <Button variant="danger" onClick={() => (stopping.current = true)}>
                      Stop auto
                    </Button>
                  ) : (
                    <Button variant="primary" disabled={stake === null || !countValid} onClick={() => void runAuto()}>
                      Start auto
                    </Button>
                  )}
                  {auto && (
                    <p className="dice-auto" data-testid="dice-auto" data-status={auto.status}>
                      {auto.rolls} of {auto.count} rolls · profit <span className="mono">{formatCoins(auto.profit)}</span>
                      {auto.reason && ` · stopped: ${{ count: 'all rolls done', profit: 'profit reached', loss: 'loss limit reached', stopped: 'stopped by you' }[auto.reason]}`}
                    </p>
                  )}
                </>
              )}
            </div>
          )}
        </Panel>
      </div>

      <div className="games-columns">
        {logged && <DiceHistory rolls={history.data?.rolls ?? []} />}
        <DiceFeed />
      </div>

      <Panel title="Rules">
        <p>
          Each roll is a provably fair ticket from your seed pair, from 1 to {formatCount(DICE_TICKET_MAX)}; the roll is the ticket minus one, shown from 0.00 to 99.99. Roll under wins below the target, roll over wins at or
          above it. The chance runs from {formatHundredths(DICE_MIN_CHANCE)}% to {formatHundredths(DICE_MAX_CHANCE)}% and the multiplier is (100% − {DICE_EDGE_BP / 100}%) ÷ chance, so every roll returns{' '}
          {(10_000 - DICE_EDGE_BP) / 100}% on average. Auto-bet rolls on the server one roll at a time and stops at its count, or earlier at your profit or loss limit.
        </p>
      </Panel>
    </PageFrame>
  );
}
