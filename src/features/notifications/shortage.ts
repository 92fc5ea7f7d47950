import { NamedError } from '../../contract/errors.ts';
import { RpcError } from '../../net/index.ts';

/**
 * Whether a failure is a shortage of coins: COMMIT_ERROR (document 1: create, join, sponsor)
 * or the "Not enough funds" / "insufficient funds" messages (document 2 section 8), which
 * open the insufficient-funds modal instead of a notice.
 */
export function isInsufficientFunds(failure: unknown): boolean {
  if (!(failure instanceof RpcError)) return false;
  return failure.code === NamedError.COMMIT_ERROR || /not enough funds|insufficient funds/i.test(failure.message);
}
