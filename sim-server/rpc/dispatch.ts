/**
 * Calls one method: look it up, check access, validate the input against its contract
 * schema before any work, run the handler, and wrap the answer in the envelope.
 */
import {
  Methods, NamedError, NumericError, TokenMessage, describeIssues, isMethodName, z, type MethodDef,
} from '../../src/contract/index.ts';
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../db/database.ts';
import type { UserRow } from '../auth/users.ts';
import { AppError } from '../errors.ts';
import type { CallContext, Dispatch, Handlers, Services } from './context.ts';

export type { Caller, Dispatch } from './context.ts';

/** Builds the dispatcher over a set of handlers. */
export function createDispatcher(services: Services, handlers: Handlers, log: { error(obj: unknown, msg: string): void }): Dispatch {
  const every = services.config.checkOutputs;
  // Answers per method so far: each method's first answer is always checked, then one in `every`.
  const answered = new Map<string, number>();
  const shouldCheck = (name: string): boolean => {
    if (every <= 1) return every === 1;
    const n = answered.get(name) ?? 0;
    answered.set(name, n + 1 === every ? 0 : n + 1);
    return n === 0;
  };
  return async (name, raw, caller) => {
    try {
      if (!isMethodName(name)) throw new AppError(NumericError.INPUT_ERROR, `Unknown method ${name}`);
      const def: MethodDef = Methods[name];
      if (def.access === 'user' && !caller.user) throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.MISSING);
      // A planned method is not served whatever its input: its schema may still be a guess.
      if (def.planned) throw new AppError(NamedError.NOT_IMPLEMENTED, `${name} is not available on this server yet`);
      const parsed = z.safeParse(def.input, raw ?? {});
      if (!parsed.success) throw new AppError(NumericError.INPUT_ERROR, `${name}: ${describeIssues(parsed.error.issues, raw)}`);
      // A player on a rest (account.break) plays no game until it ends, whatever the method.
      if (def.money && !def.duringBreak && caller.user?.break_until != null && caller.user.break_until > services.config.now()) {
        throw new AppError(NumericError.ACCESS_DENIED, `You are on a break until ${new Date(caller.user.break_until).toISOString()}`);
      }
      const handler = handlers[name] as ((params: unknown, ctx: CallContext) => unknown) | undefined;
      if (!handler) throw new AppError(NamedError.NOT_IMPLEMENTED, `${name} is not available on this server yet`);

      const stamp = def.money && caller.user ? (parsed.data as { stamp?: string }).stamp : undefined;
      // A player's calls lock their own row first (TxOptions.player, docs/decisions/0058).
      const db = caller.user ? playersDb(services.db, caller.user.id) : services.db;
      const ctx: CallContext = { ...services, db, ...caller, moneyTx: (fn) => moneyTx(db, services, name, caller.user, stamp, parsed.data, fn) };
      const result = await handler(parsed.data, ctx);
      if (shouldCheck(name)) {
        const checked = z.safeParse(def.output, result);
        if (!checked.success) {
          log.error({ method: name, issues: checked.error.issues }, 'response does not match its contract');
          // Checking every answer (tests, development) refuses the bad one so the bug shows; a
          // sampled check only reports it: refusing one answer in N would protect no one.
          if (every === 1) throw new AppError(NumericError.INTERNAL_ERROR, 'Internal error');
        }
      }
      return { response: result };
    } catch (error) {
      if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
      log.error({ err: error, method: name }, 'method failed');
      return { error: { error_code: NumericError.INTERNAL_ERROR, error_msg: 'Internal error' } };
    }
  };
}

/**
 * What a stamp is bound to: the method and a hash of its checked params, stamp and batch label
 * left out, keys in a fixed order (a retry may list them differently).
 */
export function paramsHash(method: string, params: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key, v]) => key !== 'stamp' && key !== 'batch' && v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, v]) => [key, canonical(v)]),
      );
    }
    return value;
  };
  return createHash('sha256').update(`${method}\n${JSON.stringify(canonical(params) ?? null)}`).digest('base64url');
}

/** The Db whose transactions take `userId`'s row lock first. */
export function playersDb(db: Db, userId: number): Db {
  return { ...db, transaction: (fn, options) => db.transaction(fn, { player: userId, ...options }) };
}

function moneyTx<T>(db: Db, services: Services, method: string, user: UserRow | null, stamp: string | undefined, params: unknown, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hash = user && stamp ? paramsHash(method, params) : null;
  // Two calls with one stamp meet on the player's row lock: the second reads the first's answer.
  return db.transaction(async (tx) => {
    if (user && stamp) {
      const prior = await tx.get<{ method: string; response: string; params_hash: string | null }>('SELECT method, response, params_hash FROM idempotency WHERE user_id = ? AND stamp = ?', user.id, stamp);
      if (prior) {
        // Stamps recorded before params were hashed (null) keep answering by method alone.
        if (prior.method !== method || (prior.params_hash !== null && prior.params_hash !== hash)) {
          throw new AppError(NamedError.STAMP_CONFLICT, 'stamp: already used for another call');
        }
        return JSON.parse(prior.response) as T;
      }
    }
    const result = await fn(tx);
    if (user && stamp) {
      await tx.run('INSERT INTO idempotency (user_id, stamp, method, response, created_at, params_hash) VALUES (?, ?, ?, ?, ?, ?)', user.id, stamp, method, JSON.stringify(result ?? null), services.config.now(), hash);
    }
    return result;
  });
}
