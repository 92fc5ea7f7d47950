/** Shared steps of the chat server tests: players with a scope, a socket in the CHAT room, error codes. */
import { expect } from 'vitest';
import { Rooms, type MethodName, type QueryValue } from '../../src/contract/index.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import type { TestServer } from './harness.ts';

export { ok, balanceOf, type Client } from './cases-helpers.ts';

/** A new player who has opened one case (a wager within the hour, what a giveaway asks), and their hash. */
export async function activePlayer(server: TestServer, name: string): Promise<{ client: Client; hash: string }> {
  const client = await server.player(name);
  await openCases(client, (await cheapestCase(client)).hash, 1);
  return { client, hash: await hashOf(client) };
}

/** The player's hash, as user.getUser answers it. */
export async function hashOf(client: Client): Promise<string> {
  const me = (await ok(client, 'user.getUser')) as { user: { hash: string } };
  return me.user.hash;
}

/** Signs a player in and gives them a chat scope (staff are made by the operator, as here). */
export async function playerWithScope(server: TestServer, name: string, scope: number): Promise<{ client: Client; hash: string }> {
  const client = await server.player(name);
  const hash = await hashOf(client);
  await server.services.db.run('UPDATE users SET scope = ? WHERE id = ?', scope, parseHash(hash));
  return { client, hash };
}

/** Calls a method that must be refused; answers the error code and checks it. */
export async function refused(client: Client, method: MethodName, params: Record<string, QueryValue>, code: number | string): Promise<string> {
  const answer = await client.call(method, params);
  expect(answer.error, `${method} ${JSON.stringify(params)} should be refused`).toBeDefined();
  expect(answer.error!.error_code).toBe(code);
  return answer.error!.error_msg;
}

/** A socket of this client, joined to the CHAT room. */
export async function chatSocket(client: Client) {
  const socket = await client.socket();
  socket.send('join-room', { room: Rooms.chat });
  // The personal room answers ROOM_JOINED too; wait for the chat's own.
  while ((await socket.next('ROOM_JOINED')).data.room !== Rooms.chat);
  return socket;
}

/** How many chat messages exist in the database (deleted ones too). */
export const messageCount = async (server: TestServer) => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_messages'))!.n;
