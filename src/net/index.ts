/**
 * The client's transport, one instance of each per tab. Features import these; tests build
 * their own with createRpc / createSocket.
 */
import { createRpc } from './rpc.ts';
import { createSocket } from './socket.ts';

export { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError, createRpc, type CallOptions, type Rpc, type RpcEvents } from './rpc.ts';
export { SocketFrameError, createSocket, type Socket, type SocketStatus } from './socket.ts';

/** The tab's RPC client. */
export const rpc = createRpc();

/** The tab's socket; the app starts it once the shell is up. */
export const socket = createSocket({
  getConnectToken: async () => ({ token: (await rpc.call('connect.getSocketServer')).connect_token }),
  onFrameError: (error) => console.error(error),
});
