/**
 * The tab's real RPC client and socket. This module pulls in the contract's schemas and zod,
 * so nothing on the first page imports it directly: src/net/index.ts loads it after the
 * first render and forwards to it.
 */
import { createRpc } from './rpc.ts';
import { sessionToken } from './session-token.ts';
import { createSocket } from './socket.ts';

/** The tab's RPC client. */
export const rpc = createRpc();

/** The tab's socket; the app starts it once the shell is up. */
export const socket = createSocket({
  getConnectToken: async () => {
    const session_token = sessionToken();
    return { token: (await rpc.call('connect.getSocketServer', session_token ? { session_token } : {})).connect_token };
  },
  onFrameError: (error) => console.error(error),
});
