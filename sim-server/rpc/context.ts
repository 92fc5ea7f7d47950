/** What every method handler is given, and the shape of a handler. */
import type { FastifyInstance } from 'fastify';
import type { Envelope, MethodName, MethodParams, MethodResult } from '../../src/contract/index.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import type { Broker } from '../cluster/broker.ts';
import type { TimerOwner } from '../cluster/timers.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/database.ts';
import type { BalanceChange, CountedWager, Ledger } from '../db/ledger.ts';
import type { UserRow } from '../auth/users.ts';
import type { Hub } from '../socket/hub.ts';
import type { BeaconChain } from '../world/beacon.ts';

/**
 * The long-lived parts domains own (the battles' runner, the case catalog, the chat's flood
 * guard, the race boards, the radio). Each domain adds its own here by declaration merging in
 * its own file, so this layer imports no domain (docs/design.md section 3).
 */
export interface DomainRuntimes {}

/** The server's long-lived parts, built once by buildApp. */
export interface Services extends DomainRuntimes {
  config: Config;
  db: Db;
  ledger: Ledger;
  hub: Hub;
  tokens: AccessTokens;
  /** The public randomness beacon: battles key their tickets with its blocks; fairness shows it. */
  beacon: BeaconChain;
  /** What crosses processes (REDIS_URL); null for a server alone, the default. */
  broker: Broker | null;
  /** Whether this process runs the game clocks now (always, alone on an embedded database). */
  timers: TimerOwner;
}

/** One call's context. */
export interface CallContext extends Services {
  /** The signed-in player, or null for a visitor. */
  user: UserRow | null;
  sessionId: number | null;
  ip: string;
  /**
   * Runs a money-moving change in one transaction. With a `stamp` from the caller it is
   * idempotent: a repeat of a committed stamp answers the first result and moves nothing.
   */
  moneyTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Who is calling. */
export interface Caller {
  user: UserRow | null;
  sessionId: number | null;
  ip: string;
}

/** Calls a method by name with raw (decoded query or JSON body) params. */
export type Dispatch = (name: string, raw: unknown, caller: Caller) => Promise<Envelope<unknown>>;

/** A method's implementation: parsed params in, the contract's result out. */
export type Handler<N extends MethodName> = (params: MethodParams<N>, ctx: CallContext) => MethodResult<N> | Promise<MethodResult<N>>;

/** A domain's implementations, by method name. */
export type Handlers = { [N in MethodName]?: Handler<N> };

/** A signed-in player, or ACCESS_DENIED; for handlers of `access: 'user'` methods the dispatcher has already checked. */
export function requireUser(ctx: CallContext): UserRow {
  if (!ctx.user) throw new Error('requireUser on a visitor: the method should be declared access user');
  return ctx.user;
}

/**
 * One product area of the server (sim-server/domains/<area>/index.ts). buildApp loops over
 * the list in domains/index.ts, so adding an area touches that list and nothing else.
 */
export interface Domain {
  /** Its RPC methods. */
  handlers: Handlers;
  /**
   * Its HTTP routes, timers and start-up work; called once by buildApp, in list order.
   * `dispatch` is the server's own dispatcher, for sim-console tools that act as players
   * through the public methods (a domain never imports another's handlers).
   */
  register?(app: FastifyInstance, services: Services, dispatch: Dispatch): void | Promise<void>;
  /** Runs inside the transaction of every ledger entry on a player's wallet (deposits, for example). */
  onLedgerEntry?(tx: Tx, change: BalanceChange, services: Services): void | Promise<void>;
  /**
   * Runs inside the transaction of every counted wager (a wager that can no longer be refunded:
   * docs/decisions/0049), so what wagering earns (challenges, experience, races, partner
   * figures) commits or rolls back with it, and is never earned on a stake still held.
   */
  onWager?(tx: Tx, wager: CountedWager, services: Services): void | Promise<void>;
}
