/**
 * The error catalogue (spec document 3 section 8, document 1 section 8, document 2 section 8).
 * Numbered codes travel as numbers; every other code travels as its name, spelled exactly as
 * the spec writes it (lower-case ones included).
 */

/** Errors the spec gives a number for. */
export const NumericError = {
  INTERNAL_ERROR: 10,
  ACCESS_DENIED: 15,
  INPUT_ERROR: 16,
  INVALID_DATA: 19,
  /** An invalid promo, referral or gift code ("Invalid code"). */
  INVALID_CODE: 28,
  /** A code that exists but cannot be applied (own code, already used). */
  CODE_UNAVAILABLE: 29,
  /** Not found; the client answers it by showing /404. */
  NOT_FOUND: 30,
} as const;
export type NumericError = (typeof NumericError)[keyof typeof NumericError];

/** Errors that travel by name. */
export const NamedError = {
  GAME_ERROR: 'GAME_ERROR',
  COMMIT_ERROR: 'COMMIT_ERROR',
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  ACTIVE_STREAM_PARTY_EXISTS: 'ACTIVE_STREAM_PARTY_EXISTS',
  SECURE_CODE_REQUIRED: 'SECURE_CODE_REQUIRED',
  SECURE_REQUIRED: 'SECURE_REQUIRED',
  BASIC_VERIFY_REQUIRED: 'BASIC_VERIFY_REQUIRED',
  CODE_ACTIVATION_DELAY: 'CODE_ACTIVATION_DELAY',
  NOT_SHOW: 'NOT_SHOW',
  POOL_MODULE_NOT_EXISTS: 'POOL_MODULE_NOT_EXISTS',
  SUCCESS_FALSE: 'SUCCESS_FALSE',
  DASHBOARD_ACCESS_DENIED: 'DASHBOARD_ACCESS_DENIED',
  RACE_NOT_FOUND: 'RACE_NOT_FOUND',
  KICK_ACCOUNT_NOT_LINKED: 'KICK_ACCOUNT_NOT_LINKED',
  ESTIMATE_ERROR: 'ESTIMATE_ERROR',
  CONNECT_TOKEN_ERROR: 'CONNECT_TOKEN_ERROR',
  user_already_exists: 'user_already_exists',
  invalid_grant: 'invalid_grant',
  /**
   * A stamp already used for another call (another method, or the same one with other params):
   * the first call's result stands and this one moves nothing (docs/decisions/0020).
   */
  STAMP_CONFLICT: 'STAMP_CONFLICT',
  /** A method the contract names whose server side has not been built yet. */
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
} as const;
export type NamedError = (typeof NamedError)[keyof typeof NamedError];

/** Any error code that can appear in an envelope. */
export type ErrorCode = NumericError | NamedError;

/** Token messages the client must tell apart (document 1 section 6, document 3 section 8). */
export const TokenMessage = {
  /** Expired access token: the client renews it and retries the call. */
  EXPIRED: 'jwt deprecated',
  /** Any other token problem makes the client log out. */
  INVALID: 'jwt invalid',
  REVOKED: 'jwt revoked',
  MISSING: 'jwt must be provided',
} as const;

/** Turns a code into the toast title the spec asks for: underscores become spaces. */
export function errorTitle(code: ErrorCode): string {
  const name =
    typeof code === 'number'
      ? (Object.keys(NumericError) as (keyof typeof NumericError)[]).find((k) => NumericError[k] === code) ?? String(code)
      : code;
  return name.replace(/_/g, ' ');
}
