/** payment-kinguin.loadProducts: gift cards the player can buy to deposit with their code. */
import { GIFT_CARD_METHODS } from '../../../src/contract/index.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { giftCardName } from '../../world/providers.ts';
import { giftCardProducts } from '../../world/providers-shops.ts';

/** The sim shop's page of a product. */
export const productUrl = (id: string) => `/api/sim/kinguin/${id}`;

/** Gift-card shop methods. */
export const kinguinHandlers: Handlers = {
  'payment-kinguin.loadProducts': ({ method }, ctx) => {
    requireUser(ctx);
    return {
      products: giftCardProducts(method ? [method] : GIFT_CARD_METHODS).map((p) => ({
        id: p.id,
        method: p.method,
        name: `${giftCardName(p.method)} gift card ${p.amount / 100} USD`,
        price: p.price,
        currency: 'USD',
        amount: p.amount,
        url: productUrl(p.id),
      })),
    };
  },
};
