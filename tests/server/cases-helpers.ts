/** Shared steps of the cases, unbox and inventory server tests. */
import type { MethodName, MethodResult, QueryValue } from '../../src/contract/index.ts';
import type { TestServer } from './harness.ts';

/** A signed-in (or visitor) test client. */
export type Client = ReturnType<TestServer['client']>;

/** Calls a method and answers its response typed by the contract; an error envelope throws. */
export async function ok<N extends MethodName>(client: Client, method: N, params: Record<string, QueryValue> = {}): Promise<MethodResult<N>> {
  const answer = await client.call(method, params);
  if (answer.error || !('response' in answer)) throw new Error(`${method} failed: ${JSON.stringify(answer.error ?? answer)}`);
  return answer.response as MethodResult<N>;
}

/** The player's main balance in cents, as the account data shows it. */
export async function balanceOf(client: Client): Promise<number> {
  const me = (await ok(client, 'user.getUser')) as { user_wallet: { balance: number } };
  return me.user_wallet.balance;
}

/** The cheapest case that can be opened. */
export async function cheapestCase(client: Client) {
  const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
  return listing[0]!;
}

/** Buys `count` rolls of a case and spends them all; answers the game and every roll. */
export async function openCases(client: Client, boxHash: string, count: number) {
  const created = await ok(client, 'arena-unbox.create', { box_hash: boxHash, count });
  const rolls = [];
  for (let i = 0; i < count; i++) rolls.push(await ok(client, 'arena-unbox.roll', { token: created.game.token }));
  return { created, rolls };
}
