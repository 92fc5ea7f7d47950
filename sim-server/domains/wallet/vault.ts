/**
 * The vault (document 2): coins parked beside the wallet, optionally locked for a while.
 * Deposits and withdrawals are ledger transfers between the player's own two accounts.
 */
import { NumericError } from '../../../src/contract/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { AppError, fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { countingWrongCodes, requireSecure } from '../security/secure.ts';

const SPONSORED_STAY = 'Sponsored coins stay in the wallet until the challenge completes';
const TO_WAGER_STAY = 'Tipped coins stay in the wallet until they have been wagered once';
const BONUS_STAY = 'Deposit Bonus coins stay in the wallet until you wager them through';

/** Unix seconds the vault stays locked until; 0 when it is not locked. */
async function lockedUntil(db: Pick<Db, 'get'>, userId: number, nowMs: number): Promise<number> {
  const until = (await db.get<{ locked_until: number }>('SELECT locked_until FROM vault_locks WHERE user_id = ?', userId))?.locked_until ?? 0;
  return until * 1000 > nowMs ? until : 0;
}

/** What a vault call answers: two reads that do not wait for each other (one round trip on PostgreSQL, docs/decisions/0059). */
async function vaultState(db: Pick<Db, 'get'>, ctx: CallContext, userId: number) {
  const [{ main, vault }, lockTime] = await Promise.all([ctx.ledger.walletAndVault(db, userId), lockedUntil(db, userId, ctx.config.now())]);
  return { amount: vault, balance: main, lock_time: lockTime };
}

/** wallet-vault.* methods. */
export const vaultHandlers: Handlers = {
  'wallet-vault.info': async (_params, ctx) => {
    const { amount, lock_time } = await vaultState(ctx.db, ctx, requireUser(ctx).id);
    return { amount, lock_time };
  },
  'wallet-vault.deposit': ({ amount }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx: Tx) => {
      // The transfer answers both balances it left (the wallet debited, the vault credited); no
      // ledger hook moves coins on a vault deposit, so nothing later in this transaction changes
      // them. The lock's read does not wait for it: they go out together (one round trip on
      // PostgreSQL, docs/decisions/0059).
      const moving = ctx.ledger.transfer(tx, { from: { user: user.id }, to: { user: user.id, purpose: 'vault' }, amount, type: 'vault_deposit' });
      const [moved, lockTime] = await Promise.allSettled([moving, lockedUntil(tx, user.id, ctx.config.now())]);
      if (lockTime.status === 'rejected') throw lockTime.reason;
      if (moved.status === 'fulfilled') return { success: true, amount: moved.value.creditBalance, balance: moved.value.debitBalance, lock_time: lockTime.value };
      // Refused by the ledger's conditional debit (it moved nothing): the wallet's split says why.
      if (!(moved.reason instanceof AppError)) throw moved.reason;
      const { balance, withdrawable, sponsored, bonusLocked } = await ctx.ledger.split(tx, user.id);
      // Sponsored, bonus and not-yet-wagered tipped coins stay in play; the ledger enforces it, this says why.
      if (amount <= balance && amount > withdrawable) fail(NumericError.INVALID_DATA, sponsored > 0 ? SPONSORED_STAY : bonusLocked > 0 ? BONUS_STAY : TO_WAGER_STAY);
      throw moved.reason;
    });
  },
  'wallet-vault.withdraw': ({ amount, secure_code }, ctx) => {
    const user = requireUser(ctx);
    return countingWrongCodes(ctx, user.id, () =>
      ctx.moneyTx(async (tx: Tx) => {
        const until = await lockedUntil(tx, user.id, ctx.config.now());
        if (until) fail(NumericError.INVALID_DATA, `The vault is locked until ${new Date(until * 1000).toISOString()}`);
        if (await ctx.ledger.balance(tx, { user: user.id, purpose: 'vault' }) === 0) fail(NumericError.INVALID_DATA, 'The vault is empty');
        // Only players who enabled 2FA are asked for a code here (docs/design.md section 5).
        await requireSecure(tx, ctx, user.id, secure_code, { setupRequired: false });
        await ctx.ledger.transfer(tx, { from: { user: user.id, purpose: 'vault' }, to: { user: user.id }, amount, type: 'vault_withdraw' });
        return { success: true, ...await vaultState(tx, ctx, user.id) };
      }),
    );
  },
  'wallet-vault.lock': ({ lock_time }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) => {
      const now = ctx.config.now();
      if (await lockedUntil(tx, user.id, now)) fail(NumericError.INVALID_DATA, 'The vault is already locked');
      if ((await ctx.ledger.split(tx, user.id)).sponsored > 0) fail(NumericError.INVALID_DATA, 'A sponsored partner cannot lock the vault');
      if (await ctx.ledger.balance(tx, { user: user.id, purpose: 'vault' }) === 0) fail(NumericError.INVALID_DATA, 'The vault is empty');
      const until = Math.floor(now / 1000) + lock_time;
      await tx.run('INSERT INTO vault_locks (user_id, locked_until) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET locked_until = excluded.locked_until', user.id, until);
      return { success: true, ...await vaultState(tx, ctx, user.id) };
    });
  },
};
