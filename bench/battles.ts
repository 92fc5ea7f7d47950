/**
 * Concurrent battles on one process: N battles of 5 seats x 10 rounds (fast option) created and
 * filled with bots over the real HTTP API, then played by the server's one battle runner while
 * a socket client listens to the lobby. The clock the server runs on is sped up once the
 * battles are created ("fast timers"), so every round of every battle falls due within a few
 * seconds and the runner, the ledger and the fan-out have to keep up.
 *
 * Reports rounds per second (every round started, over the wall time from the first callBots
 * to the last battle finished) and the event loop's delay p99 over the same window
 * (perf_hooks.monitorEventLoopDelay); a round is one case opened for every seat, its drops
 * stored and sent. Afterwards every battle must be finished and the ledger must balance.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../sim-server/app.ts';
import { BATTLE_TIMINGS } from '../sim-server/domains/battles/engine.ts';
import { Rooms } from '../src/contract/index.ts';
import { errorCodeOf, rpc, signIn, type Envelope } from './lib/http.ts';
import { makeTempDir, removeTempDir, sleep } from './lib/procs.ts';
import { fmt, type Row, type Section } from './lib/report.ts';

export interface BattlesBenchOptions {
  /** Battle counts to run, each on a fresh database. */
  counts: number[];
  /** How many times faster than real time the server's clock runs while the battles play. */
  speed: number;
}

const SEATS = 5;
const ROUNDS = 10;
/** Battles one player creates (the starting balance below pays for them). */
const PER_PLAYER = 50;
/** Calls in flight at once while setting up. */
const SETUP_CONCURRENCY = 32;

interface RunResult {
  battles: number;
  rounds: number;
  seconds: number;
  roundsPerSecond: number;
  lagP99Ms: number;
  lagMaxMs: number;
  lobbyFrames: number;
  /** Seconds from the last callBots answer to the last battle finished, and what the schedule asks. */
  tailSeconds: number;
  scheduleSeconds: number;
  ok: boolean;
  problems: string[];
}

/** A clock that runs at real speed until `speedUp`, then `speed` times faster from that moment. */
function scalableClock() {
  let origin = Date.now();
  let base = origin;
  let factor = 1;
  const now = () => base + (Date.now() - origin) * factor;
  return {
    now,
    speedUp(speed: number) {
      base = now();
      origin = Date.now();
      factor = speed;
    },
  };
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += SETUP_CONCURRENCY) await Promise.all(items.slice(i, i + SETUP_CONCURRENCY).map(work));
}

function responseOf<T>(envelope: Envelope, what: string): T {
  if (!('response' in envelope)) throw new Error(`${what} failed: ${errorCodeOf(envelope)} ${JSON.stringify(envelope.error)}`);
  return envelope.response as T;
}

async function runOnce(count: number, speed: number): Promise<RunResult> {
  const dataDir = makeTempDir('battles');
  const clock = scalableClock();
  const built = await buildApp({ dataDir, staticDir: '/nonexistent', rateLimit: { max: 0, windowMs: 60_000 }, startBalance: 100_000_000, accessTtl: 86_400, now: clock.now, checkOutputs: 0 });
  const problems: string[] = [];
  try {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const db = built.services.db;

    const players = await Promise.all(Array.from({ length: Math.ceil(count / PER_PLAYER) }, (_, i) => signIn(base, `battleBench${i}`, 'bench-pass-1')));
    const listing = responseOf<{ listing: { hash: string; price: number }[] }>(await rpc(base, players[0]!, 'arena-case.listing', { fields: 'enabled' }), 'listing').listing;
    const scheme = `${listing[0]!.hash}-${ROUNDS}`;
    const games: { hash: string; owner: string }[] = [];
    await inBatches(
      Array.from({ length: count }, (_, i) => i),
      async (i) => {
        const owner = players[i % players.length]!;
        const created = await rpc(base, owner, 'arena-battle.create', { scheme, mode: 'solo', number: String(SEATS), 'options[fast]': '1' });
        games.push({ hash: responseOf<{ game: { hash: string } }>(created, 'arena-battle.create').game.hash, owner });
      },
    );
    // One lobby listener, so every LOBBY_GAME_* is really encoded and sent.
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
    let lobbyFrames = 0;
    ws.addEventListener('message', () => void (lobbyFrames += 1));
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve(), { once: true });
      ws.addEventListener('error', () => reject(new Error('lobby socket failed')), { once: true });
    });
    ws.send(JSON.stringify({ type: 'join-room', data: { room: Rooms.lobby } }));

    clock.speedUp(speed);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const t0 = performance.now();
    await inBatches(games, async (game) => {
      const answer = await rpc(base, game.owner, 'arena-battle.callBots', { hash: game.hash });
      if (errorCodeOf(answer) !== null) problems.push(`callBots ${game.hash}: ${JSON.stringify(answer)}`);
    });
    const seated = performance.now();
    // Every round is due within (countdown + rounds x a fast round) / speed of its callBots; allow far more.
    const deadline = performance.now() + Math.max(60_000, ((BATTLE_TIMINGS.countdownMs + ROUNDS * BATTLE_TIMINGS.roundMs.fast) / speed) * 10 + count * 20);
    let finished = 0;
    while (performance.now() < deadline) {
      finished = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM battles WHERE status = 'finished'"))!.n;
      if (finished === count) break;
      await sleep(20);
    }
    const ended = performance.now();
    const seconds = (ended - t0) / 1000;
    lag.disable();
    ws.close();

    const rounds = (await db.get<{ n: number }>('SELECT COUNT(DISTINCT battle_id * 1000 + round) AS n FROM battle_drops'))!.n;
    if (finished !== count) problems.push(`${count - finished} of ${count} battles did not finish in time`);
    if (rounds !== count * ROUNDS) problems.push(`${rounds} rounds stored, expected ${count * ROUNDS}`);
    const drops = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM battle_drops'))!.n;
    if (drops !== count * ROUNDS * SEATS) problems.push(`${drops} drops stored, expected ${count * ROUNDS * SEATS}`);
    const check = await built.services.ledger.check(db);
    if (!check.ok) problems.push(`ledger: ${check.problems.join('; ')}`);
    return {
      battles: count,
      rounds,
      seconds,
      roundsPerSecond: rounds / seconds,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      lobbyFrames,
      tailSeconds: (ended - seated) / 1000,
      scheduleSeconds: (BATTLE_TIMINGS.countdownMs + ROUNDS * BATTLE_TIMINGS.roundMs.fast) / speed / 1000,
      ok: problems.length === 0,
      problems,
    };
  } finally {
    await built.close();
    removeTempDir(dataDir);
  }
}

/** The battles section of the benchmark table. */
export async function battlesBench(options: BattlesBenchOptions): Promise<Section> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const runs: RunResult[] = [];
  for (const count of options.counts) {
    const run = await runOnce(count, options.speed);
    runs.push(run);
    const verdict = run.ok ? 'OK' : 'BROKEN';
    rows.push(
      { benchmark: 'battles', figure: `${fmt(count)} battles x ${SEATS} seats x ${ROUNDS} rounds: rounds/s`, value: run.roundsPerSecond, unit: `${fmt(run.roundsPerSecond)} /s`, target: 'keeps up with the clock', verdict: `${verdict}: last battle done ${fmt(run.tailSeconds, 2)} s after the last callBots (schedule ${fmt(run.scheduleSeconds, 2)} s)` },
      { benchmark: 'battles', figure: `${fmt(count)} battles: event-loop lag p99`, value: run.lagP99Ms, unit: `${fmt(run.lagP99Ms, 1)} ms`, target: '', verdict: `max ${fmt(run.lagMaxMs, 1)} ms` },
    );
    notes.push(
      `battles: ${fmt(count)} battles, ${fmt(run.rounds)} rounds (${fmt(run.rounds * SEATS)} drops) in ${fmt(run.seconds, 2)} s with the clock ${options.speed}x real time (fast rounds of ${BATTLE_TIMINGS.roundMs.fast / 1000} s = ${fmt(BATTLE_TIMINGS.roundMs.fast / options.speed)} ms); ${fmt(run.lobbyFrames)} lobby frames to one listener`,
      ...run.problems.map((p) => `battles: BROKEN: ${p}`),
    );
  }
  return { rows, notes, details: { runs, seats: SEATS, rounds: ROUNDS, speed: options.speed }, fatal: runs.some((r) => !r.ok) };
}
