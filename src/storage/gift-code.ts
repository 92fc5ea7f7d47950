/**
 * A gift code that came in by link (/gift/{code}, document 1 section 2.1): codes starting
 * with A are inventory gifts, with C wallet gifts. The code is kept until the player redeems
 * it, so signing in on the way does not lose it.
 */

const KEY = 'gift_code';

/** Where a /gift/{code} link leads, by the code's first letter. */
export function giftCodeTarget(code: string): '/inventory' | '/wallet/gift' | '/' {
  const first = code.trim().charAt(0).toUpperCase();
  if (first === 'A') return '/inventory';
  if (first === 'C') return '/wallet/gift';
  return '/';
}

/** Keeps a code that arrived by link. */
export function storeGiftCode(code: string): void {
  try {
    localStorage.setItem(KEY, code.trim().toUpperCase());
  } catch {
    // No storage: the player types the code in.
  }
}

/** The kept code of a kind (A inventory, C wallet), if any. */
export function storedGiftCode(kind: 'A' | 'C'): string | null {
  try {
    const code = localStorage.getItem(KEY);
    return code?.startsWith(kind) ? code : null;
  } catch {
    return null;
  }
}

/** Forgets the kept code (redeemed or dismissed). */
export function clearGiftCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
