/**
 * The socket's session: when the player is signed in it authenticates with a one-use connect
 * token (carrying the personal room's last offset, so missed balance events replay), retries
 * a failed token with the back-off, and on sign-out sends leave and drops the token.
 */
import type { ClientFrame, ServerFrame, ServerMessageData } from '../contract/index.ts';
import type { Retry } from './backoff.ts';

/** What the session shows while the connection is open. */
export type AuthStatus = 'live' | 'connecting' | 'offline';

export interface SocketAuthOptions {
  /** Fetches a one-use connect token (connect.getSocketServer). */
  getConnectToken(): Promise<{ token: string }>;
  send(frame: ClientFrame): boolean;
  /** Whether the connection is open. */
  isOpen(): boolean;
  /** The retry policy of a failed token. */
  retry: Retry;
  /** The session's status may have changed. */
  changed(): void;
}

/** Builds the session part of one socket. */
export function createSocketAuth({ getConnectToken, send, isOpen, retry, changed }: SocketAuthOptions) {
  let signedIn = false;
  let authed = false;
  let authing = false;
  /** Bumped on every sign-in and sign-out, so a token fetched for an old session is not used. */
  let sessionEpoch = 0;
  let token: string | null = null;
  let personal: { room: string; offset?: number } | null = null;

  async function authenticate(): Promise<void> {
    retry.cancel();
    if (!signedIn || !isOpen() || authed || authing) return;
    const epoch = sessionEpoch;
    if (!token) {
      authing = true;
      try {
        token = (await getConnectToken()).token;
      } catch {
        if (epoch === sessionEpoch) {
          authing = false;
          failed();
        }
        return;
      }
      if (epoch !== sessionEpoch) return;
      authing = false;
    }
    if (!isOpen()) return;
    send({ type: 'auth', data: { token, offset: personal?.offset } });
  }

  function failed(): void {
    token = null;
    retry.fail();
    changed();
    retry.later(() => void authenticate());
  }

  return {
    /** A connection opened: a signed-in player authenticates on it. */
    opened(): void {
      if (signedIn) void authenticate();
    },
    /** The connection dropped: the session must authenticate again on the next one. */
    dropped(): void {
      authed = false;
      authing = false;
      retry.cancel();
    },
    /** The session's own frames (AUTHED, CONNECT_TOKEN_ERROR, LEAVED); others are ignored. */
    handle(frame: ServerFrame): void {
      switch (frame.type) {
        case 'AUTHED': {
          const { room } = frame.data as ServerMessageData<'AUTHED'>;
          // Signed out while the auth frame was on its way: undo it.
          if (!signedIn) return void send({ type: 'leave' });
          authed = true;
          token = null; // one-use: a reconnect fetches a fresh one
          retry.reset();
          personal = { room, ...(personal?.room === room && personal.offset !== undefined ? { offset: personal.offset } : {}) };
          return changed();
        }
        case 'CONNECT_TOKEN_ERROR':
          authed = false;
          return failed();
        case 'LEAVED':
          authed = false;
          token = null;
          personal = null;
          // The server dropped the session (logout elsewhere): trying again lets the RPC layer find out.
          if (signedIn) failed();
          return changed();
      }
    },
    /** Tries again at once if the retries were spent (the browser came online, the tab came back). */
    resume(): void {
      if (signedIn && !authed && retry.spent()) {
        retry.reset();
        void authenticate();
      }
    },
    /** Follows the session: signing in authenticates, signing out sends leave and drops the token. */
    setSignedIn(value: boolean): void {
      if (value === signedIn) return;
      signedIn = value;
      sessionEpoch += 1;
      retry.cancel();
      authing = false;
      retry.reset();
      token = null;
      if (value) void authenticate();
      else {
        if (authed) send({ type: 'leave' });
        authed = false;
        personal = null;
      }
      changed();
    },
    /** The status while the connection is open; the banner also shows while the token is unavailable (spec). */
    status: (): AuthStatus => (!signedIn || authed ? 'live' : retry.failures() > 0 ? 'offline' : 'connecting'),
    /** The personal room's state (where its offset is kept), when `room` is the personal room. */
    ownRoom: (room: string): { offset?: number } | null => (personal?.room === room ? personal : null),
  };
}
