/**
 * Cards given as gift codes (document 1 section 7 inventory.generateGift): an A-code that the
 * /gift/{code} route keeps and inventory.gift redeems. Making the code takes the card out of
 * the giver's inventory; redeeming it puts the same card into the redeemer's.
 */
import { NumericError } from '../../../src/contract/index.ts';
import type { Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { newGiftCode } from '../../kernel/gift-codes.ts';
import { takeCard, type CardRow } from './cards.ts';

/** Turns a held, tradable card into an A-code; answers the code and its /gift url. */
export async function giftCard(tx: Tx, userId: number, card: CardRow, now: number): Promise<{ code: string; url: string }> {
  if (card.tradable !== 1) fail(NumericError.INVALID_DATA, 'This card is not tradable.');
  await takeCard(tx, userId, card, 'gifted', now);
  const code = newGiftCode('inventory');
  await tx.run('INSERT INTO card_gifts (code, asset_id, from_user, created_at) VALUES (?, ?, ?, ?)', code, card.asset_id, userId, now);
  return { code, url: `/gift/${code}` };
}

/**
 * Redeems a card's code: the card moves to the player, once (a conditional update, so two
 * redemptions at once cannot both find it open). Answers the card's asset id, 'used' for a
 * code redeemed before, or null when the code is not a card's.
 */
export async function redeemCardGift(tx: Tx, code: string, userId: number, now: number): Promise<number | 'used' | null> {
  const normal = code.trim().toUpperCase();
  const row = await tx.get<{ asset_id: number }>('UPDATE card_gifts SET redeemed_by = ?, redeemed_at = ? WHERE code = ? AND redeemed_by IS NULL RETURNING asset_id', userId, now, normal);
  if (!row) return await tx.get('SELECT 1 AS x FROM card_gifts WHERE code = ?', normal) ? 'used' : null;
  await tx.run("UPDATE assets SET user_id = ?, status = 'held', sold_at = NULL WHERE id = ?", userId, row.asset_id);
  await tx.run("UPDATE cards SET state = 'held', used_at = NULL WHERE asset_id = ?", row.asset_id);
  return row.asset_id;
}
