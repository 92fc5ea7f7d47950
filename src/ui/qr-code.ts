/**
 * QR symbols for what the wallet shows as codes: payment URIs of deposit addresses and
 * otpauth:// URIs of the 2FA setup. uqr encodes (ISO/IEC 18004, the smallest version, the mask
 * with the lowest penalty); this keeps the wallet's limits: error correction M, L when M does
 * not fit, at most version 10 (57 modules), so a code stays readable at the size it is drawn.
 * docs/decisions/0013 records why the hand-written encoder went.
 */
import { encode } from 'uqr';

/** Error correction levels used: L (7%) and M (15%). */
export type QrLevel = 'L' | 'M';

/** A QR symbol: `size` x `size` modules, `dark[y][x]`. */
export interface QrMatrix {
  version: number;
  level: QrLevel;
  size: number;
  mask: number;
  dark: boolean[][];
}

const MAX_VERSION = 10;

/** Encodes text (UTF-8) as the smallest QR symbol that holds it; null when it is too long for version 10. */
export function encodeQr(text: string): QrMatrix | null {
  for (const level of ['M', 'L'] as const) {
    try {
      const qr = encode(text, { ecc: level, maxVersion: MAX_VERSION, border: 0 });
      return { version: qr.version, level, size: qr.size, mask: qr.maskPattern, dark: qr.data };
    } catch {
      // Too long at this level: try the next one.
    }
  }
  return null;
}
