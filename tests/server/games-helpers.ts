/** Shared steps of the chicken and dice server tests. */
import type { MethodResult } from '../../src/contract/index.ts';
import { ok, type Client } from './cases-helpers.ts';

export { balanceOf, ok, type Client } from './cases-helpers.ts';

type ChickenGame = MethodResult<'chicken.create'>['game'];

/** Steps a game forward until it has survived `steps` steps; answers null once the chicken is caught. */
export async function stepTo(player: Client, game: ChickenGame, steps: number): Promise<ChickenGame | null> {
  let current = game;
  while (current.steps < steps) {
    const { game: next } = await ok(player, 'chicken.step', { hash: current.hash });
    if (next.status === 'caught') return null;
    current = next;
  }
  return current;
}

/** Starts low-risk games until one survives `steps` steps; answers it, still running. */
export async function survivingGame(player: Client, bet: number, steps = 1): Promise<ChickenGame> {
  for (;;) {
    const { game } = await ok(player, 'chicken.create', { bet, risk: 'low' });
    const survived = await stepTo(player, game, steps);
    if (survived) return survived;
  }
}

/** How many rows a table holds for a player. */
export async function rowsOf(db: { get: <T>(sql: string, ...params: number[]) => Promise<T | undefined> }, table: 'chicken_games' | 'dice_rolls', userHash: string): Promise<number> {
  return (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, Number(userHash.slice(2))))!.n;
}
