/**
 * chat-tip.*: a tip is one ledger transfer (history type tip) from the sender's withdrawable
 * coins to the recipient, written with the chat message that announces it, in one
 * transaction; the stamp makes a retry answer the first tip. Players who enabled 2FA confirm
 * with a code (the client's secure-code prompt retries the call with it). A need_wager tip
 * (scope 4+) arrives locked until the recipient has wagered as much once (docs/decisions/0032).
 */
import { NumericError } from '../../../src/contract/index.ts';
import { NEED_WAGER_SCOPE } from '../../../src/core/chat.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { hasTag, publicUser, type UserRow } from '../../kernel/users.ts';
import { countingWrongCodes, requireSecure } from '../security/secure.ts';
import { publishMessage } from './messages.ts';
import { banUntil, messageWire, type MessageRow, type TipDetails } from './store.ts';

/** The smallest tip, in cents. */
export const MIN_TIP = 100;

export const tipHandlers: Handlers = {
  'chat-tip.prepare': async ({ user_id }, ctx) => {
    const user = requireUser(ctx);
    const target = await ctx.db.get<UserRow>('SELECT * FROM users WHERE id = ?', user_id) ?? fail(NumericError.NOT_FOUND, 'Player not found');
    if (target.id === user.id) fail(NumericError.INVALID_DATA, 'You cannot tip yourself');
    return { user: publicUser(target) };
  },

  'chat-tip.send': ({ user_hash, amount, anonymous = false, need_wager = false, secure_code }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    if (amount < MIN_TIP) fail(NumericError.INVALID_DATA, `The smallest tip is ${(MIN_TIP / 100).toFixed(2)} coins`);
    if (need_wager && user.scope < NEED_WAGER_SCOPE) fail(NumericError.ACCESS_DENIED, 'Only admins can ask for the tip to be wagered');
    return countingWrongCodes(ctx, user.id, () =>
      ctx.moneyTx(async (tx) => {
        const id = parseHash(user_hash);
        const target = (id !== null && await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', id)) || fail(NumericError.NOT_FOUND, 'Player not found');
        if (target.id === user.id) fail(NumericError.INVALID_DATA, 'You cannot tip yourself');
        if (await banUntil(tx, user.id, now)) fail(NumericError.ACCESS_DENIED, 'You are banned from the chat');
        await requireSecure(tx, ctx, user.id, secure_code, { setupRequired: false });
        const details: TipDetails = {
          amount,
          recipient_hash: toHash(target.id),
          recepient_name: target.display_name,
          anonymous,
          need_wager,
          kick: hasTag(user, 'kick'),
        };
        const { lastInsertRowid } = await tx.run(
          "INSERT INTO chat_messages (user_id, text, origin, details, created_at) VALUES (?, '', 'tip', ?, ?)",
          user.id, JSON.stringify(details), now,
        );
        const row = (await tx.get<MessageRow>('SELECT * FROM chat_messages WHERE id = ?', lastInsertRowid))!;
        const { debitBalance } = await ctx.ledger.transfer(tx, { from: { user: user.id }, to: { user: target.id }, amount, type: 'tip', ref: toHash(row.id), untilWagered: need_wager });
        await publishMessage(tx, ctx, messageWire(row, false), 'MSG_CREATED');
        return { success: true, message: messageWire(row, true), balance: debitBalance };
      }),
    );
  },
};
