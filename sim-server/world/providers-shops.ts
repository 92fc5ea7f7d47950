/**
 * The shops around the wallet: Kinguin, where players buy gift cards whose codes (starting
 * with C) they redeem on the site, and the Steam accounts skinsback trades skins from.
 */
import type { GIFT_CARD_METHODS } from '../../src/contract/index.ts';
import { seedFromText, seededRandom, shuffled } from '../../src/core/index.ts';

/** A gift-card brand. */
export type GiftCardMethod = (typeof GIFT_CARD_METHODS)[number];

/** Face values in USD of the gift cards the shop sells. */
export const GIFT_CARD_VALUES = [10, 25, 50, 100] as const;
/** The shop's service fee on top of a card's face value. */
export const SHOP_FEE_PERCENT = 5;

/** A gift card on sale. */
export interface GiftCardProduct {
  id: string;
  method: GiftCardMethod;
  /** Face value in USD cents; the code credits as many coin cents (1 USD = 1 coin). */
  amount: number;
  /** What the buyer pays, fee included, in USD cents. */
  price: number;
}

/** The shop's product ids are `{brand}-{face value}`. */
export function giftCardProducts(methods: readonly GiftCardMethod[]): GiftCardProduct[] {
  return methods.flatMap((method) =>
    GIFT_CARD_VALUES.map((value) => ({
      id: `${method}-${value}`,
      method,
      amount: value * 100,
      price: (value * (100 + SHOP_FEE_PERCENT)),
    })),
  );
}

/** Skins a sim Steam account holds. */
export const STEAM_INVENTORY_SIZE = 12;
/** Share of a skin's price skinsback pays (its commission is the rest). */
export const SKINS_PAYOUT_PERCENT = 90;

/** The catalog items a player's sim Steam account holds: the same ones on every visit. */
export function steamInventory(userId: number, itemIds: readonly number[]): number[] {
  return shuffled(seededRandom(seedFromText(`steam-inventory:${userId}`)), itemIds).slice(0, STEAM_INVENTORY_SIZE);
}

/** Coin cents skinsback pays for a skin of `price` cents. */
export function skinPayout(price: number): number {
  return Math.floor((price * SKINS_PAYOUT_PERCENT) / 100);
}
