import { describe, expect, test } from 'vitest';
import { NamedError, NumericError, TokenMessage } from '../../src/contract/errors.ts';
import { isNotFoundError, routeApiError } from '../../src/features/notifications/api-errors.ts';
import { isInsufficientFunds } from '../../src/features/notifications/shortage.ts';
import { balanceNotice } from '../../src/features/notifications/notices.ts';
import { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError } from '../../src/net/errors.ts';

const rpcError = (code: ConstructorParameters<typeof RpcError>[0], message = 'something') => new RpcError(code, message, 'some.method');

describe('what a failed call shows (document 3 section 8)', () => {
  test('a generic error is a notice titled by its code with underscores as spaces, an error when the title says so', () => {
    expect(routeApiError(rpcError(NumericError.INPUT_ERROR, 'count: expected number'))).toEqual({ action: 'notice', title: 'INPUT ERROR', message: 'count: expected number', error: true });
    expect(routeApiError(rpcError(NumericError.INVALID_DATA, 'Box SF1 deprecated.'))).toEqual({ action: 'notice', title: 'INVALID DATA', message: 'Box SF1 deprecated.', error: false });
    expect(routeApiError(rpcError(NumericError.ACCESS_DENIED, 'Not yours'))).toEqual({ action: 'notice', title: 'ACCESS DENIED', message: 'Not yours', error: false });
    expect(routeApiError(rpcError(NamedError.NOT_IMPLEMENTED, 'later'))).toMatchObject({ action: 'notice', title: 'NOT IMPLEMENTED' });
  });

  test.each([NamedError.NOT_SHOW, NamedError.POOL_MODULE_NOT_EXISTS, NamedError.CAPTCHA_REQUIRED, NamedError.ACTIVE_STREAM_PARTY_EXISTS])('%s shows nothing', (code) => {
    expect(routeApiError(rpcError(code))).toEqual({ action: 'silent' });
  });

  test('BASIC_VERIFY_REQUIRED shows no notice but the full-screen verification', () => {
    expect(routeApiError(rpcError(NamedError.BASIC_VERIFY_REQUIRED))).toEqual({ action: 'navigate', to: '/account/verify' });
  });

  test('a shortage of coins shows no notice: the insufficient-funds modal answers it', () => {
    expect(routeApiError(rpcError(NamedError.COMMIT_ERROR, 'Not enough funds'))).toEqual({ action: 'silent' });
    expect(routeApiError(rpcError(NumericError.INPUT_ERROR, 'insufficient funds'))).toEqual({ action: 'silent' });
    expect(isInsufficientFunds(rpcError(NamedError.COMMIT_ERROR, 'Not enough funds'))).toBe(true);
    expect(isInsufficientFunds(rpcError(NumericError.INPUT_ERROR, 'count: expected number'))).toBe(false);
  });

  test('GAME_ERROR sends the player to /battles', () => {
    expect(routeApiError(rpcError(NamedError.GAME_ERROR, 'Game not found.'))).toEqual({ action: 'navigate', to: '/battles' });
    expect(routeApiError(rpcError(NamedError.GAME_ERROR), 'page')).toEqual({ action: 'navigate', to: '/battles' });
  });

  test('token trouble is left to the session: no notice', () => {
    expect(routeApiError(rpcError(NumericError.ACCESS_DENIED, TokenMessage.EXPIRED))).toEqual({ action: 'silent' });
    expect(routeApiError(rpcError(NumericError.ACCESS_DENIED, TokenMessage.REVOKED))).toEqual({ action: 'silent' });
  });

  test('the connection banner and the break screen speak for network failures and 429s', () => {
    expect(routeApiError(new RpcNetworkError('x', 'offline'))).toEqual({ action: 'silent' });
    expect(routeApiError(new RpcRateLimitedError('x', { error: 'rate_limited', server_id: 's1', time: 1, retry_after: 5 }))).toEqual({ action: 'silent' });
  });

  test('an answer outside the contract is an error notice, not a crash', () => {
    expect(routeApiError(new RpcContractError('case.getCases', 'cases: expected array'))).toMatchObject({ action: 'notice', error: true });
  });
});

describe('pages whose subject does not exist go to /404', () => {
  test("'User not found.' and code 30 from a page's load lead to /404", () => {
    expect(isNotFoundError(rpcError(NumericError.NOT_FOUND, 'User not found.'))).toBe(true);
    expect(isNotFoundError(rpcError(NumericError.INPUT_ERROR, 'user_name: expected string'))).toBe(true);
    expect(isNotFoundError(rpcError(NamedError.RACE_NOT_FOUND))).toBe(true);
    expect(isNotFoundError(rpcError(NamedError.DASHBOARD_ACCESS_DENIED))).toBe(true);
    expect(isNotFoundError(rpcError('SOME_OTHER' as never, 'User not found.'))).toBe(true);
  });

  test('the same codes from a player action are a notice, not a page change', () => {
    expect(routeApiError(rpcError(NumericError.NOT_FOUND, 'User not found.'))).toMatchObject({ action: 'notice', title: 'NOT FOUND' });
    expect(isNotFoundError(new RpcNetworkError('x', 'offline'))).toBe(false);
    expect(isNotFoundError(rpcError(NumericError.INTERNAL_ERROR))).toBe(false);
  });
});

describe('balance change toasts (document 1 section 4)', () => {
  test.each(['arena_join', 'arena_reward', 'transfer', 'deposit', 'withdraw', 'partnership_cashback', 'partnership_earned', 'plinko', 'plinko_reward'])('%s is silent', (type) => {
    expect(balanceNotice({ currency: 'SFC', amount: 500, type })).toBeNull();
  });

  test('other types toast with their history label and the signed amount in coins', () => {
    expect(balanceNotice({ currency: 'SFC', amount: 12_345, type: 'unbox_instant_sell' })).toMatchObject({ type: 'balance', title: 'Instant sell', message: '+123.45 coins' });
    expect(balanceNotice({ currency: 'SFC', amount: -250, type: 'tip' })).toMatchObject({ title: 'Tip', message: '-2.50 coins' });
    expect(balanceNotice({ currency: 'SFC', amount: 100, type: 'brand_new_type' })).toMatchObject({ title: 'Brand new type' });
  });
});

describe('a failed action redirects only the page it started on', () => {
  const gameGone = new RpcError(NamedError.GAME_ERROR, 'Game not found', 'arena-battle.join');
  async function failWhile(move: (path: { at: string }) => void): Promise<string[]> {
    const { MutationObserver } = await import('@tanstack/react-query');
    const { createQueryClient } = await import('../../src/app/query-client.ts');
    const path = { at: '/battle/SF42' };
    const went: string[] = [];
    const client = createQueryClient((to) => went.push(to), () => path.at);
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        move(path);
        throw gameGone;
      },
    });
    await observer.mutate().catch(() => undefined);
    // The error's route is decided in a module loaded on demand: let it load and answer.
    await import('../../src/features/notifications/api-errors.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    return went;
  }

  test('GAME_ERROR while the player is still on the battle goes to /battles', async () => {
    expect(await failWhile(() => undefined)).toEqual(['/battles']);
  });

  test('GAME_ERROR after the player moved on leaves them where they are', async () => {
    expect(await failWhile((path) => (path.at = '/cases'))).toEqual([]);
  });
});
