import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useRef, useState } from 'react';
import { CHICKEN_HISTORY_ROUNDS, CHICKEN_LEVELS, CHICKEN_RISKS, CHICKEN_RTP_BP, chickenLadder, chickenMultiplier, formatMultiplier, payoutOf, type ChickenRisk } from '../../core/chicken-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { playBalanceChange, playSound } from '../../sound/index.ts';
import { setSetting, useSettings } from '../../storage/settings.ts';
import { useBusyWhile } from '../../ui/activity.ts';
import { BetInput, stakeCents } from '../../ui/bet-input.tsx';
import { Button } from '../../ui/button.tsx';
import { ChickenIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useSceneWanted } from '../../ui/scene-wanted.ts';
import { LoginButton, useLogged } from '../session/index.ts';
import { ChickenFeed, ChickenHistory } from './chicken-feed.tsx';
import { ChickenRoadView } from './chicken-road-view.tsx';
import { chickenActiveQueryOptions, chickenHistoryQueryOptions, chickenKeys, type ChickenGame } from './queries.ts';
import { useChickenScene } from './use-chicken-scene.ts';
import '../../ui/games.css';
import './chicken.css';

const NO_GAMES: readonly ChickenGame[] = [];

const RISK_LABEL: Record<ChickenRisk, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Where the chicken stands on the road: the lanes crossed, plus the one it was caught in. */
const positionOf = (game: ChickenGame) => game.steps + (game.status === 'caught' ? 1 : 0);

/** /chicken: Catch the Chicken. The server decides each step; the road only shows it. */
export function ChickenPage() {
  const logged = useLogged();
  const queryClient = useQueryClient();
  const { risk_level } = useSettings();
  const [bet, setBet] = useState('1.00');
  const [played, setGame] = useState<ChickenGame | null>(null);
  // From a press of Go until its hop ends; `hopping` is the hop alone, which holds the scene.
  const [stepping, setStepping] = useState(false);
  const [hopping, setHopping] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const active = useQuery({ ...chickenActiveQueryOptions(), enabled: logged });
  const history = useQuery({ ...chickenHistoryQueryOptions(), enabled: logged });

  // A reload or a restart resumes the open game where it stood.
  const game = played ?? active.data?.game ?? null;

  const running = game?.status === 'running';
  // A finished game stays on the road until the player picks another level for the next one.
  const onRoad = game && (running || game.risk === risk_level) ? game : null;
  const risk = running ? game.risk : risk_level;
  const road = { risk, position: onRoad ? positionOf(onRoad) : 0, caught: onRoad?.status === 'caught' };
  // PixiJS loads when the player reaches for the page, or at idle for one who can play.
  const wanted = useSceneWanted(logged || running);
  const { scene, status } = useChickenScene(host, { ...road, hold: hopping }, wanted);
  useBusyWhile('chicken', hopping);

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: chickenKeys.history });
    void queryClient.invalidateQueries({ queryKey: chickenKeys.active });
  };
  // A new game comes whole in its answer, so the lists take it as they are instead of asking
  // the server again: two calls, two answers parsed and two renders, just as the player reaches
  // for Go, were most of what a weak phone's first Go waited behind.
  const listStarted = (created: ChickenGame) => {
    queryClient.setQueryData(chickenActiveQueryOptions().queryKey, { game: created, steps: [] });
    queryClient.setQueryData(chickenHistoryQueryOptions().queryKey, (old) =>
      old && { games: [created, ...old.games.filter((g) => g.hash !== created.hash)].slice(0, CHICKEN_HISTORY_ROUNDS) },
    );
  };
  const stake = stakeCents(bet);
  const start = useMutation({
    mutationFn: () => rpc.call('chicken.create', { bet: stake ?? 0, risk, stamp: crypto.randomUUID() }),
    onSuccess: ({ game: created }) => {
      playSound('click');
      setGame(created);
      listStarted(created);
    },
  });
  const step = useMutation({
    mutationFn: (hash: string) => rpc.call('chicken.step', { hash, stamp: crypto.randomUUID() }),
  });
  const cashOut = useMutation({
    mutationFn: (hash: string) => rpc.call('chicken.cashout', { hash, stamp: crypto.randomUUID() }),
    onSuccess: ({ game: done }) => {
      setGame(done);
      scene?.celebrate();
      playBalanceChange(done.payout);
      refreshLists();
    },
  });

  const go = async () => {
    if (!game || !running || stepping) return;
    // The press shows in its own render, inside the tap: the step's answer, the pending
    // mutation's render and the hop all come later, and until the page changes the tap has
    // not been answered on screen (its interaction to next paint runs on).
    setStepping(true);
    try {
      let answer;
      try {
        answer = await step.mutateAsync(game.hash);
      } catch {
        return; // A refused step is reported by the mutation cache; the road stays where it was.
      }
      const caught = answer.step.caught;
      setHopping(true);
      playSound('click');
      await scene?.hop(answer.step.step, caught ? 'caught' : 'safe');
      setHopping(false);
      setGame(answer.game);
      if (caught) playSound('error');
      else if (answer.game.status === 'cashed') {
        scene?.celebrate();
        playBalanceChange(answer.game.payout);
      } else playSound('tick');
      if (answer.game.status !== 'running') refreshLists();
    } finally {
      setStepping(false);
    }
  };

  const level = CHICKEN_LEVELS[risk];
  const nextMultiplier = game && running && game.steps < level.steps ? chickenMultiplier(risk, game.steps + 1) : null;
  const busy = start.isPending || cashOut.isPending || stepping;
  const finished = game && !running ? game : null;

  return (
    <PageFrame area="chicken" icon={<ChickenIcon />} eyebrow="Catch the Chicken" title="Catch the Chicken" lead="Lead the chicken across step by step. Every lane raises your multiplier; cash out before a car catches it.">
      <div className="chicken-layout">
        <div className="chicken-stage">
          <div ref={host} className="chicken-road" data-testid="chicken-road" data-scene={status}>
            {status !== 'ready' && <ChickenRoadView multipliers={chickenLadder(road.risk).map((m) => formatMultiplier(m))} position={road.position} caught={road.caught} />}
          </div>
          <div className="chicken-status" role="status" aria-live="polite" data-testid="chicken-status">
            {!game && <span>Pick a stake and a risk level, then start.</span>}
            {game && running && (
              <span>
                Step {game.steps} of {level.steps} · {formatMultiplier(game.multiplier)}x · cash out now for <strong className="mono">{formatCoins(payoutOf(game.bet, game.multiplier))}</strong>
              </span>
            )}
            {finished?.status === 'cashed' && (
              <span className="games-won">
                Cashed out {formatMultiplier(finished.multiplier)}x: +{formatCoins(finished.payout)} coins
              </span>
            )}
            {finished?.status === 'caught' && <span className="games-lost">Caught in lane {finished.steps + 1}! The {formatCoins(finished.bet)} bet is lost.</span>}
          </div>
        </div>

        <Panel title="Your move" className="chicken-controls">
          {!logged ? (
            <div className="games-guest">
              <p>Sign in to play. Your balance pays the stake and takes the winnings.</p>
              <LoginButton />
            </div>
          ) : running && game ? (
            <div className="chicken-actions">
              <p className="chicken-stake">
                Bet <strong className="mono">{formatCoins(game.bet)}</strong> · {RISK_LABEL[game.risk]} risk (max damage {game.max_damage})
              </p>
              <Button variant="primary" size="md" busy={busy} disabled={nextMultiplier === null} onClick={() => void go()}>
                {nextMultiplier === null ? 'Road crossed' : `Go · ${formatMultiplier(nextMultiplier)}x`}
              </Button>
              <Button variant="deposit" busy={busy} disabled={game.steps === 0} onClick={() => cashOut.mutate(game.hash)}>
                {game.steps === 0 ? 'Cash out after a step' : `Cash out ${formatCoins(payoutOf(game.bet, game.multiplier))}`}
              </Button>
            </div>
          ) : (
            <form
              className="chicken-actions"
              onSubmit={(event) => {
                event.preventDefault();
                if (stake !== null && !busy) start.mutate();
              }}
            >
              <BetInput value={bet} onChange={setBet} disabled={busy} />
              <fieldset className="chicken-risk-choice">
                <legend className="field-label">Risk</legend>
                {CHICKEN_RISKS.map((name) => (
                  <label key={name} className="chicken-risk" data-checked={risk_level === name || undefined}>
                    <input type="radio" name="chicken-risk" value={name} checked={risk_level === name} onChange={() => setSetting('risk_level', name)} />
                    <span>{RISK_LABEL[name]}</span>
                    <small>dmg {CHICKEN_LEVELS[name].maxDamage}</small>
                  </label>
                ))}
              </fieldset>
              <Button type="submit" variant="primary" busy={busy} disabled={stake === null}>
                {finished ? 'Play again' : 'Start'}
              </Button>
              {finished && (
                <p className="chicken-links">
                  <PathLink to={`/chicken/${finished.hash}`}>Game {finished.hash}</PathLink> · <PathLink to={`/provably-fair/chicken/${finished.hash}`}>Check fairness</PathLink>
                </p>
              )}
            </form>
          )}
        </Panel>
      </div>

      <div className="games-columns">
        {logged && <ChickenHistory games={history.data?.games ?? NO_GAMES} />}
        <ChickenFeed />
      </div>

      <ChickenRules />
    </PageFrame>
  );
}

/** The levels' table: the same on every render, so the page's renders during a game skip it. */
const ChickenRules = memo(function ChickenRules() {
  return (
    <Panel title="Rules">
      <p>
        Each step forward is a provably fair ticket from your seed pair: the damage of the next car, from 1 to the level's max damage. The chicken survives damage up to its toughness; more catches it and the bet is lost.
        Cash out after any step for your bet times the multiplier of the lanes crossed; crossing the last lane cashes out by itself. Every level returns {CHICKEN_RTP_BP / 100}% on average.
      </p>
      <table className="games-table">
        <thead>
          <tr>
            <th scope="col">Risk</th>
            <th scope="col">Max damage</th>
            <th scope="col">Caught per step</th>
            <th scope="col">Lanes</th>
            <th scope="col">Last lane</th>
          </tr>
        </thead>
        <tbody>
          {CHICKEN_RISKS.map((name) => {
            const { maxDamage, toughness, steps } = CHICKEN_LEVELS[name];
            return (
              <tr key={name}>
                <td>{RISK_LABEL[name]}</td>
                <td className="mono">{maxDamage}</td>
                <td className="mono">{(((maxDamage - toughness) / maxDamage) * 100).toFixed(0)}%</td>
                <td className="mono">{steps}</td>
                <td className="mono">{formatMultiplier(chickenMultiplier(name, steps))}x</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
});
