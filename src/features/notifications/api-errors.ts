/**
 * What the player sees when a call fails (document 3 section 8, document 1 section 8): most
 * errors become an error notice titled by their code, a few are silent, GAME_ERROR goes to
 * /battles, and a page whose subject does not exist goes to /404. Pure: the caller acts.
 */
import { NamedError, NumericError, TokenMessage, errorTitle, type ErrorCode } from '../../contract/errors.ts';
import { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError } from '../../net/index.ts';
import { isInsufficientFunds } from './shortage.ts';

/** Codes that end a call without a notice (document 3 section 8, last line). */
export const SILENT_CODES: readonly ErrorCode[] = [
  NamedError.NOT_SHOW,
  NamedError.POOL_MODULE_NOT_EXISTS,
  NamedError.CAPTCHA_REQUIRED,
  NamedError.ACTIVE_STREAM_PARTY_EXISTS,
];

/** Codes that mean "this page's subject does not exist" when a page loads its data. */
export const NOT_FOUND_CODES: readonly ErrorCode[] = [
  NumericError.NOT_FOUND,
  NumericError.INPUT_ERROR,
  NamedError.DASHBOARD_ACCESS_DENIED,
  NamedError.RACE_NOT_FOUND,
];

/** The message of a profile lookup for a name nobody has. */
export const USER_NOT_FOUND = 'User not found.';

/** Pages an error leads to. */
export type ErrorTarget = '/battles' | '/404' | '/account/verify';

/** Where the error came from: a player's action, or a page loading what it shows. */
export type ErrorSource = 'action' | 'page';

/** What to do about an error. */
export type ErrorRoute =
  | { action: 'silent' }
  | { action: 'navigate'; to: ErrorTarget }
  | { action: 'notice'; title: string; message: string; error: boolean };

/** A notice's title from an error code: underscores become spaces (INPUT_ERROR -> 'INPUT ERROR'). */
export function titleOf(code: ErrorCode): string {
  return errorTitle(code);
}

/** Routes one failure. */
export function routeApiError(failure: unknown, source: ErrorSource = 'action'): ErrorRoute {
  // The connection banner and the break screen already say these.
  if (failure instanceof RpcNetworkError || failure instanceof RpcRateLimitedError) return { action: 'silent' };
  if (failure instanceof DOMException && failure.name === 'AbortError') return { action: 'silent' };
  if (failure instanceof RpcError) {
    const { code, message } = failure;
    if (SILENT_CODES.includes(code)) return { action: 'silent' };
    // Spec: a verification prompt, no notice; the call has failed and the player retries once verified.
    if (code === NamedError.BASIC_VERIFY_REQUIRED) return { action: 'navigate', to: '/account/verify' };
    if (code === NamedError.GAME_ERROR) return { action: 'navigate', to: '/battles' };
    // The insufficient-funds modal (wallet/deposit-prompt.tsx) answers these instead of a toast.
    if (isInsufficientFunds(failure)) return { action: 'silent' };
    // Token trouble is the session's business: it renews or signs out by itself.
    if (code === NumericError.ACCESS_DENIED && (message === TokenMessage.EXPIRED || message.startsWith('jwt '))) return { action: 'silent' };
    if (source === 'page' && (NOT_FOUND_CODES.includes(code) || message === USER_NOT_FOUND)) return { action: 'navigate', to: '/404' };
    const title = titleOf(code);
    // Spec: a title containing 'error' marks the notice as an error.
    return { action: 'notice', title, message, error: /error/i.test(title) };
  }
  if (failure instanceof RpcContractError) return { action: 'notice', title: 'UNEXPECTED ANSWER', message: failure.message, error: true };
  const message = failure instanceof Error ? failure.message : String(failure);
  return { action: 'notice', title: 'ERROR', message, error: true };
}

/** Whether a page's load failure means its subject does not exist (the page shows /404). */
export function isNotFoundError(failure: unknown): boolean {
  const route = routeApiError(failure, 'page');
  return route.action === 'navigate' && route.to === '/404';
}

