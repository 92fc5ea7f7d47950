/**
 * A QR code encoder (ISO/IEC 18004) for what the wallet shows as codes: payment URIs of
 * deposit addresses and otpauth:// URIs of the 2FA setup. Byte mode, versions 1 to 10, error
 * correction M (L when M does not fit), the mask with the lowest penalty. Written here
 * instead of taken as a dependency: it is small and the first page never loads it.
 */

/** Error correction levels supported: L (7%) and M (15%). */
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
/** Error correction codewords per block, by level, index = version. */
const ECC_PER_BLOCK: Record<QrLevel, readonly number[]> = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26],
};
/** Error correction blocks, by level, index = version. */
const BLOCKS: Record<QrLevel, readonly number[]> = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5],
};
/** The two format bits of each level. */
const LEVEL_BITS: Record<QrLevel, number> = { L: 1, M: 0 };

/** Modules left for data and error correction after the function patterns, in bits. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords a version and level hold. */
export function dataCodewords(version: number, level: QrLevel): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[level][version]! * BLOCKS[level][version]!;
}

/** Multiplies in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed-Solomon generator polynomial of a degree, leading 1 left out. */
function rsDivisor(degree: number): number[] {
  const result = Array.from({ length: degree }, () => 0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root) ^ (j + 1 < degree ? result[j + 1]! : 0);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The error correction codewords of `data` for a divisor. */
export function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i]! ^= gfMultiply(coefficient, factor);
    });
  }
  return result;
}

/** The error correction codewords of a message for `degree` codewords (for tests against published vectors). */
export function errorCorrection(data: readonly number[], degree: number): number[] {
  return rsRemainder(data, rsDivisor(degree));
}

/** The 15 format bits of a level and mask, BCH-protected and masked. */
export function formatBits(level: QrLevel, mask: number): number {
  const data = (LEVEL_BITS[level] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up). */
function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0;

/** The data codewords of a byte-mode message: mode, count, bytes, terminator, padding. */
function dataCodewordsOf(bytes: Uint8Array, version: number, level: QrLevel): number[] {
  const capacity = dataCodewords(version, level) * 8;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0));
  for (let pad = 0xec; codewords.length < capacity / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits data into blocks, adds each block's error correction and interleaves them. */
function interleave(data: readonly number[], version: number, level: QrLevel): number[] {
  const blocks = BLOCKS[level][version]!;
  const eccLength = ECC_PER_BLOCK[level][version]!;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const divisor = rsDivisor(eccLength);
  const all: number[][] = [];
  for (let i = 0, at = 0; i < blocks; i++) {
    const chunk = data.slice(at, at + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    at += chunk.length;
    const ecc = rsRemainder(chunk, divisor);
    // Short blocks get a placeholder so every block has the same length; it is skipped below.
    if (i < shortBlocks) chunk.push(0);
    all.push([...chunk, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i < all[0]!.length; i++) {
    all.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]!);
    });
  }
  return result;
}

/** Alignment pattern centres of a version. */
function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

class QrSymbol {
  readonly version: number;
  readonly level: QrLevel;
  readonly size: number;
  readonly dark: boolean[][];
  readonly fixed: boolean[][];

  constructor(version: number, level: QrLevel) {
    this.version = version;
    this.level = level;
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => Array.from({ length: this.size }, () => false));
    this.fixed = Array.from({ length: this.size }, () => Array.from({ length: this.size }, () => false));
  }

  setFixed(x: number, y: number, dark: boolean): void {
    this.dark[y]![x] = dark;
    this.fixed[y]![x] = true;
  }

  drawFunctionPatterns(): void {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.setFixed(6, i, i % 2 === 0);
      this.setFixed(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]] as const) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          const x = cx + dx;
          const y = cy + dy;
          if (x >= 0 && x < size && y >= 0 && y < size) this.setFixed(x, y, distance !== 2 && distance !== 4);
        }
      }
    }
    const positions = alignmentPositions(this.version, size);
    const last = positions.length - 1;
    positions.forEach((ay, i) => {
      positions.forEach((ax, j) => {
        // The three corners with finder patterns get none.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) this.setFixed(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      });
    });
    this.drawFormat(0);
    if (this.version >= 7) {
      const bits = versionBits(this.version);
      for (let i = 0; i < 18; i++) {
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.setFixed(a, b, bit(bits, i));
        this.setFixed(b, a, bit(bits, i));
      }
    }
  }

  drawFormat(mask: number): void {
    const bits = formatBits(this.level, mask);
    const { size } = this;
    for (let i = 0; i <= 5; i++) this.setFixed(8, i, bit(bits, i));
    this.setFixed(8, 7, bit(bits, 6));
    this.setFixed(8, 8, bit(bits, 7));
    this.setFixed(7, 8, bit(bits, 8));
    for (let i = 9; i < 15; i++) this.setFixed(14 - i, 8, bit(bits, i));
    for (let i = 0; i < 8; i++) this.setFixed(size - 1 - i, 8, bit(bits, i));
    for (let i = 8; i < 15; i++) this.setFixed(8, size - 15 + i, bit(bits, i));
    this.setFixed(8, size - 8, true);
  }

  drawCodewords(codewords: readonly number[]): void {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vertical = 0; vertical < size; vertical++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? size - 1 - vertical : vertical;
          if (!this.fixed[y]![x] && i < codewords.length * 8) {
            this.dark[y]![x] = bit(codewords[i >>> 3]!, 7 - (i & 7));
            i++;
          }
        }
      }
    }
  }

  /** XORs a mask pattern over the data modules (applying it twice undoes it). */
  applyMask(mask: number): void {
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (this.fixed[y]![x]) continue;
        let invert: boolean;
        switch (mask) {
          case 0: invert = (x + y) % 2 === 0; break;
          case 1: invert = y % 2 === 0; break;
          case 2: invert = x % 3 === 0; break;
          case 3: invert = (x + y) % 3 === 0; break;
          case 4: invert = (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0; break;
          case 5: invert = ((x * y) % 2) + ((x * y) % 3) === 0; break;
          case 6: invert = (((x * y) % 2) + ((x * y) % 3)) % 2 === 0; break;
          default: invert = (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
        }
        if (invert) this.dark[y]![x] = !this.dark[y]![x];
      }
    }
  }

  /** The standard's penalty score: runs, 2x2 blocks, finder-like patterns, dark balance. */
  penalty(): number {
    const { size, dark } = this;
    let score = 0;
    const line = (get: (i: number) => boolean) => {
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && get(i) === get(i - 1)) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      // 1:1:3:1:1 with four light modules on one side.
      for (let i = 0; i + 11 <= size; i++) {
        const pattern = [true, false, true, true, true, false, true];
        const core = pattern.every((d, k) => get(i + k) === d) && [7, 8, 9, 10].every((k) => !get(i + k));
        const mirrored = [0, 1, 2, 3].every((k) => !get(i + k)) && pattern.every((d, k) => get(i + 4 + k) === d);
        if (core || mirrored) score += 40;
      }
    };
    for (let y = 0; y < size; y++) line((x) => dark[y]![x]!);
    for (let x = 0; x < size; x++) line((y) => dark[y]![x]!);
    for (let y = 0; y + 1 < size; y++) {
      for (let x = 0; x + 1 < size; x++) {
        const c = dark[y]![x];
        if (c === dark[y]![x + 1] && c === dark[y + 1]![x] && c === dark[y + 1]![x + 1]) score += 3;
      }
    }
    const darkCount = dark.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
    const total = size * size;
    score += Math.max(0, Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10;
    return score;
  }
}

/** Encodes text (UTF-8) as the smallest QR symbol that holds it; null when it is too long for version 10. */
export function encodeQr(text: string): QrMatrix | null {
  const bytes = new TextEncoder().encode(text);
  for (const level of ['M', 'L'] as const) {
    for (let version = 1; version <= MAX_VERSION; version++) {
      const countBits = version <= 9 ? 8 : 16;
      if (4 + countBits + bytes.length * 8 > dataCodewords(version, level) * 8) continue;
      const symbol = new QrSymbol(version, level);
      symbol.drawFunctionPatterns();
      symbol.drawCodewords(interleave(dataCodewordsOf(bytes, version, level), version, level));
      let best = 0;
      let bestScore = Number.POSITIVE_INFINITY;
      for (let mask = 0; mask < 8; mask++) {
        symbol.applyMask(mask);
        symbol.drawFormat(mask);
        const score = symbol.penalty();
        if (score < bestScore) {
          best = mask;
          bestScore = score;
        }
        symbol.applyMask(mask);
      }
      symbol.applyMask(best);
      symbol.drawFormat(best);
      return { version, level, size: symbol.size, mask: best, dark: symbol.dark };
    }
  }
  return null;
}
