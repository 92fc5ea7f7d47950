/**
 * Gift codes (docs/design.md section 5): three groups of five letters or digits; wallet codes
 * start with C and pay coins, inventory codes start with A and give an item. A code pays
 * once: redemption is a conditional update inside the caller's BEGIN IMMEDIATE transaction,
 * so two redemptions at the same moment cannot both find it unused. In the kernel because
 * three domains make or redeem codes: payments (wallet codes), inventory and cards (card gifts).
 */
import { webcrypto } from 'node:crypto';
import type { Tx } from '../db/database.ts';

/** What a code gives. */
export type GiftKind = 'wallet' | 'inventory';

/** Causes a refused code answers (wallet.gift and inventory.gift answer success false with one). */
export const GiftCause = {
  /** Spec (document 1 sections 5 and 8): 'Invalid Code' for a gift code. */
  INVALID: 'Invalid Code',
  USED: 'This code has already been used',
} as const;

const PREFIX: Record<GiftKind, string> = { wallet: 'C', inventory: 'A' };
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// 252 is the largest multiple of 36 below 256: bytes from it up are skipped to keep the draw even.
const UNBIASED_LIMIT = 252;

/** A gift_codes row. */
export interface GiftRow {
  id: number;
  code: string;
  kind: GiftKind;
  amount: number | null;
  item_id: number | null;
  method: string | null;
  source: string;
  redeemed_by: number | null;
}

/** A new code of a kind: its prefix and 14 random letters or digits (72 bits). */
export function newGiftCode(kind: GiftKind): string {
  let body = '';
  while (body.length < 14) {
    for (const byte of webcrypto.getRandomValues(new Uint8Array(16))) {
      if (byte < UNBIASED_LIMIT && body.length < 14) body += ALPHABET[byte % ALPHABET.length];
    }
  }
  const text = PREFIX[kind] + body;
  return `${text.slice(0, 5)}-${text.slice(5, 10)}-${text.slice(10)}`;
}

/** Creates a code; `amount` in coin cents for wallet codes, `itemId` for inventory codes. */
export async function mintGiftCode(
  tx: Tx,
  gift: { kind: GiftKind; amount?: number; itemId?: number; method?: string | null; source: string },
  now: number,
): Promise<string> {
  const code = newGiftCode(gift.kind);
  await tx.run(
    'INSERT INTO gift_codes (code, kind, amount, item_id, method, source, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    code, gift.kind, gift.amount ?? null, gift.itemId ?? null, gift.method ?? null, gift.source, now,
  );
  return code;
}

/**
 * Marks a code of `kind` redeemed by a player and answers it, or answers why it cannot be:
 * unknown (or of the other kind) is INVALID, redeemed before is USED.
 */
export async function redeemGiftCode(tx: Tx, kind: GiftKind, code: string, userId: number, now: number): Promise<GiftRow | (typeof GiftCause)[keyof typeof GiftCause]> {
  const normal = code.trim().toUpperCase();
  const row = await tx.get<GiftRow>(
    'UPDATE gift_codes SET redeemed_by = ?, redeemed_at = ? WHERE code = ? AND kind = ? AND redeemed_by IS NULL RETURNING *',
    userId, now, normal, kind,
  );
  if (row) return row;
  const known = await tx.get<{ kind: GiftKind }>('SELECT kind FROM gift_codes WHERE code = ?', normal);
  return known?.kind === kind ? GiftCause.USED : GiftCause.INVALID;
}
