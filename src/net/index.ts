/**
 * The client's transport, one instance of each per tab. Features import `rpc` and `socket`
 * from here; tests build their own with createRpc / createSocket from rpc.ts and socket.ts.
 *
 * Both are stand-ins that load the real client (src/net/transport.ts: the contract's schemas
 * and zod, about a fifth of the first page's budget) on first use, which is the shell's first
 * effect, after the first paint. Calls made before it arrives wait for it; listeners and room
 * subscriptions attach as soon as it is there.
 */
import type { Rpc } from './rpc.ts';
import type * as TransportModule from './transport.ts';
import type { Socket, SocketStatus } from './socket.ts';
import { RpcNetworkError } from './errors.ts';

export { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError } from './errors.ts';
export type { CallOptions, PromptKind, PromptOutcome, Rpc, RpcEvents, RpcPrompt } from './rpc.ts';
export type { Socket, SocketStatus } from './socket.ts';

type Transport = typeof TransportModule;

let loaded: Transport | null = null;
let loading: Promise<Transport> | null = null;

/** Loads the real transport (once); a failed chunk load may be tried again. */
export function loadTransport(): Promise<Transport> {
  loading ??= import('./transport.ts').then(
    (transport) => (loaded = transport),
    (error: unknown) => {
      loading = null;
      throw new RpcNetworkError('transport', `the client failed to load (${(error as Error).message})`);
    },
  );
  return loading;
}

/** Runs `attach` once the transport is there; the answer detaches (or cancels) it. */
function attachLater(attach: (transport: Transport) => () => void): () => void {
  if (loaded) return attach(loaded);
  let detach: (() => void) | undefined;
  let active = true;
  loadTransport().then(
    (transport) => {
      if (active) detach = attach(transport);
    },
    () => undefined,
  );
  return () => {
    active = false;
    detach?.();
  };
}

/** Runs `action` now if the transport is there, else as soon as it is (in call order). */
function whenLoaded(action: (transport: Transport) => void): void {
  if (loaded) return action(loaded);
  loadTransport().then(action, () => undefined);
}

/** The tab's RPC client. */
export const rpc: Rpc = {
  call: ((...args: Parameters<Rpc['call']>) =>
    loaded ? loaded.rpc.call(...args) : loadTransport().then((t) => t.rpc.call(...args))) as Rpc['call'],
  login: (...args) => loadTransport().then((t) => t.rpc.login(...args)),
  logout: (...args) => loadTransport().then((t) => t.rpc.logout(...args)),
  on: (event, listener) => attachLater((t) => t.rpc.on(event, listener)),
  raisePrompt: (prompt) => loadTransport().then((t) => t.rpc.raisePrompt(prompt)),
  resolvePrompt: (kind, outcome) => whenLoaded((t) => t.rpc.resolvePrompt(kind, outcome)),
  currentPrompt: () => loaded?.rpc.currentPrompt() ?? null,
  reachable: () => loaded?.rpc.reachable() ?? null,
};

/** The tab's socket; the app starts it once the shell is up. */
export const socket: Socket = {
  start: () => whenLoaded((t) => t.socket.start()),
  stop: () => whenLoaded((t) => t.socket.stop()),
  reconnectNow: () => whenLoaded((t) => t.socket.reconnectNow()),
  setSignedIn: (value) => whenLoaded((t) => t.socket.setSignedIn(value)),
  subscribe: (room) => attachLater((t) => t.socket.subscribe(room)),
  on: (type, listener) => attachLater((t) => t.socket.on(type, listener)),
  onLocal: (event, listener) =>
    attachLater((t) => {
      const off = t.socket.onLocal(event, listener);
      // The stand-in answered 'connecting' until now: whoever follows the status reads it again.
      if (event === 'status') (listener as (status: SocketStatus) => void)(t.socket.status());
      return off;
    }),
  send: (frame) => (loaded ? loaded.socket.send(frame) : false),
  status: () => (loaded ? loaded.socket.status() : 'connecting'),
  offsetOf: (room) => loaded?.socket.offsetOf(room),
};
