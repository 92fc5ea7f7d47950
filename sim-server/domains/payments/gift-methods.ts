/** wallet.gift and inventory.gift: redeeming gift codes. */
import { toHash } from '../../../src/core/index.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { assetOut, grantItem } from '../inventory/assets.ts';
import { cardById, cardOut } from '../cards/cards.ts';
import { redeemCardGift } from '../cards/gifts.ts';
import { completeDeposit } from './settle.ts';
import { insertPayment } from './store.ts';
import { GiftCause, redeemGiftCode } from './gift-codes.ts';

/** Payment method of codes minted without a gift-card brand (promotions, the sim console). */
const PLAIN_GIFT_METHOD = 'giftcard';

/** Gift-code methods. */
export const giftHandlers: Handlers = {
  'wallet.gift': ({ code }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx((tx) => {
      const now = ctx.config.now();
      const gift = redeemGiftCode(tx, 'wallet', code, user.id, now);
      if (typeof gift === 'string') return { success: false, cause: gift };
      // A gift card is a deposit like any other: it is listed with the payments, pays the
      // referral bonus and raises the deposit events, and credits as 'gift_code'.
      const payment = insertPayment(tx, {
        user_id: user.id, type: 'deposit', provider: 'giftcard', method: gift.method ?? PLAIN_GIFT_METHOD, currency: 'USD',
        status: 'pending', amount: gift.amount!, units: gift.amount!, details: { gift: toHash(gift.id) },
      }, now);
      completeDeposit(tx, ctx, payment);
      return { success: true };
    });
  },
  'inventory.gift': ({ code }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx((tx) => {
      const now = ctx.config.now();
      // A card's code (inventory.generateGift) moves that card; any other A-code gives an item.
      const card = redeemCardGift(tx, code, user.id, now);
      if (card === 'used') return { success: false, cause: GiftCause.USED };
      if (card !== null) {
        const issued = cardOut(ctx.catalog.view(), cardById(tx, card)!);
        tx.afterCommit(() => ctx.hub.toUser(user.id, 'INVENTORY_ASSET_ISSUED', { assets: [], cards: [issued], count: 1, source: 'gift', game_hash: null }));
        return { success: true };
      }
      const gift = redeemGiftCode(tx, 'inventory', code, user.id, now);
      if (typeof gift === 'string') return { success: false, cause: gift };
      const id = grantItem(tx, user.id, gift.item_id!, null, now);
      const asset = assetOut(ctx.catalog.view(), { id, item_id: gift.item_id!, box_id: null, created_at: now });
      // Told once the item is really there.
      tx.afterCommit(() => ctx.hub.toUser(user.id, 'INVENTORY_ASSET_ISSUED', { assets: [asset], count: 1, source: 'gift', game_hash: null }));
      return { success: true };
    });
  },
};
