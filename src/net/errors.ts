/**
 * The transport's error classes. They live apart from the RPC client so that the first page
 * can tell errors apart (instanceof) without loading the client, the contract and zod.
 */
import type { ErrorCode, RateLimitedBody } from '../contract/index.ts';

/** An error envelope the server answered for a call. */
export class RpcError extends Error {
  override name = 'RpcError';
  readonly code: ErrorCode;
  readonly method: string;
  constructor(code: ErrorCode, message: string, method: string) {
    super(message);
    this.code = code;
    this.method = method;
  }
}

/** The server answered something the contract does not allow: a bug on one side of the wire. */
export class RpcContractError extends Error {
  override name = 'RpcContractError';
  readonly method: string;
  readonly detail: string;
  constructor(method: string, detail: string) {
    super(`${method}: the answer does not match the contract (${detail})`);
    this.method = method;
    this.detail = detail;
  }
}

/** HTTP 429: the player must take a breather. */
export class RpcRateLimitedError extends Error {
  override name = 'RpcRateLimitedError';
  readonly method: string;
  readonly body: RateLimitedBody;
  constructor(method: string, body: RateLimitedBody) {
    super(`${method}: rate limited`);
    this.method = method;
    this.body = body;
  }
}

/** The request did not get an answer (offline, server down, a proxy's error page). */
export class RpcNetworkError extends Error {
  override name = 'RpcNetworkError';
  readonly method: string;
  constructor(method: string, message: string) {
    super(`${method}: ${message}`);
    this.method = method;
  }
}
