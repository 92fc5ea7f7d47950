/** wallet.gift and inventory.gift: redeeming gift codes. */
import { toHash } from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import { requireUser, type Handlers, type Services } from '../../rpc/context.ts';
import { assetOut, grantItem } from '../inventory/assets.ts';
import { cardById, cardOut } from '../cards/cards.ts';
import { redeemCardGift } from '../cards/gifts.ts';
import { completeDeposit } from './settle.ts';
import { insertPayment } from './store.ts';
import { GiftCause, redeemGiftCode } from '../../kernel/gift-codes.ts';

/** Payment method of codes minted without a gift-card brand (promotions, the sim console). */
const PLAIN_GIFT_METHOD = 'giftcard';

/**
 * Redeems a wallet gift code for a player in the caller's money transaction: a gift card is a
 * deposit like any other (listed with the payments, pays the referral bonus, raises the deposit
 * events, credits as 'gift_code'). The service other domains call (partnership-plus.activate-code
 * takes gift codes too), rather than this domain's handler.
 */
export async function redeemWalletGift(tx: Tx, services: Services, userId: number, code: string): Promise<{ success: boolean; cause?: string }> {
  const now = services.config.now();
  const gift = await redeemGiftCode(tx, 'wallet', code, userId, now);
  if (typeof gift === 'string') return { success: false, cause: gift };
  const payment = await insertPayment(tx, {
    user_id: userId, type: 'deposit', provider: 'giftcard', method: gift.method ?? PLAIN_GIFT_METHOD, currency: 'USD',
    status: 'pending', amount: gift.amount!, units: gift.amount!, details: { gift: toHash(gift.id) },
  }, now);
  await completeDeposit(tx, services, payment);
  return { success: true };
}

/** Gift-code methods. */
export const giftHandlers: Handlers = {
  'wallet.gift': ({ code }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx((tx) => redeemWalletGift(tx, ctx, user.id, code));
  },
  'inventory.gift': ({ code }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => {
      const now = ctx.config.now();
      // A card's code (inventory.generateGift) moves that card; any other A-code gives an item.
      const card = await redeemCardGift(tx, code, user.id, now);
      if (card === 'used') return { success: false, cause: GiftCause.USED };
      if (card !== null) {
        const issued = cardOut(await ctx.catalog.view(), (await cardById(tx, card))!);
        tx.afterCommit(() => ctx.hub.toUser(user.id, 'INVENTORY_ASSET_ISSUED', { assets: [], cards: [issued], count: 1, source: 'gift', game_hash: null }));
        return { success: true };
      }
      const gift = await redeemGiftCode(tx, 'inventory', code, user.id, now);
      if (typeof gift === 'string') return { success: false, cause: gift };
      const id = await grantItem(tx, user.id, gift.item_id!, null, now);
      const asset = assetOut(await ctx.catalog.view(), { id, item_id: gift.item_id!, box_id: null, created_at: now });
      // Told once the item is really there.
      tx.afterCommit(() => ctx.hub.toUser(user.id, 'INVENTORY_ASSET_ISSUED', { assets: [asset], count: 1, source: 'gift', game_hash: null }));
      return { success: true };
    });
  },
};
