/** Shared steps of the battle server tests: a server on a clock the test steps, and battle calls. */
import type { MethodResult, QueryValue } from '../../src/contract/index.ts';
import type { Config } from '../../sim-server/config.ts';
import { ok, type Client } from './cases-helpers.ts';
import { startServer, type Frame } from './harness.ts';

/** A whole second, so the beacon's blocks fall on round numbers. */
export const T0 = 1_700_000_000_000;

/** Starts a server whose clock only moves when the test says; the beacon seed is fixed. */
export async function startBattleServer(overrides: Partial<Config> = {}, start = T0) {
  let clock = start;
  const server = await startServer({ now: () => clock, jwtSecret: new Uint8Array(32).fill(7), ...overrides });
  const battles = () => server.services.battles;
  return {
    server,
    now: () => clock,
    /** Moves the clock on and lets the runner step every battle that is due. */
    async advance(ms: number) {
      clock += ms;
      await battles().runner.tick();
    },
    battles,
    /** Steps the clock a second at a time until the battle has ended (at most `limitMs`). */
    async playToEnd(client: Client, token: string, limitMs = 15 * 60_000) {
      for (let waited = 0; waited <= limitMs; waited += 1_000) {
        const detail = await battle(client, token);
        if (detail.game.status === 'finished' || detail.game.status === 'closed') return detail;
        clock += 1_000;
        await battles().runner.tick();
      }
      throw new Error(`battle ${token} did not end within ${limitMs} ms`);
    },
  };
}

/** The battle server of a test file. */
export type BattleServer = Awaited<ReturnType<typeof startBattleServer>>;

/** arena.game of a battle, narrowed to the battle's answer. */
export async function battle(client: Client, ref: string) {
  const detail = await ok(client, 'arena.game', { hash: ref });
  if (detail.game.type !== 'battle') throw new Error(`${ref} is not a battle`);
  return detail as Extract<MethodResult<'arena.game'>, { game: { type: 'battle' } }>;
}

/** The cheapest enabled case. */
export async function cheapBox(client: Client) {
  const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
  return listing[0]!;
}

/** Creates a battle of `rounds` rounds of the cheapest case; answers the create's answer. */
export async function createBattle(client: Client, params: Record<string, QueryValue> = {}, rounds = 1) {
  const box = await cheapBox(client);
  return ok(client, 'arena-battle.create', { scheme: `${box.hash}-${rounds}`, mode: 'solo', number: 3, ...params });
}

/** Waits until `check` holds, polling every 10 ms for up to `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Frames of one room that concern one battle (its hash in data.game.hash or data.game_hash). */
export function framesOf(frames: readonly Frame[], room: string, hash: string): Frame[] {
  return frames.filter((f) => f.room === room && ((f.data.game as { hash?: string } | undefined)?.hash === hash || f.data.game_hash === hash));
}
