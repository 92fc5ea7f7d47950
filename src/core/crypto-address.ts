// Addresses of the wallet's chains, checked as wallets check them: bech32/bech32m segwit
// addresses (BIP-173, BIP-350) and base58check legacy ones for BTC and LTC, EIP-55
// mixed-case checksums for ETH and its ERC-20 tokens (USDT, USDC). The sim-server also
// builds its deposit addresses here, so every address it shows passes the same check.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { CryptoCurrency } from './money.ts';
import { ValidationMessage } from './validation.ts';

/** The refund modal's message (document 2 section 5), used for chains without a named one. */
export const INVALID_ADDRESS = 'Invalid address';

/** How each currency's addresses look: segwit prefix and legacy version bytes, or an EVM account. */
const CHAINS = {
  BTC: { kind: 'utxo', hrp: 'bc', legacyVersions: [0x00, 0x05], message: ValidationMessage.BTC_ADDRESS },
  LTC: { kind: 'utxo', hrp: 'ltc', legacyVersions: [0x30, 0x32, 0x05], message: INVALID_ADDRESS },
  ETH: { kind: 'evm', message: ValidationMessage.ETH_ADDRESS },
  USDT: { kind: 'evm', message: ValidationMessage.ETH_ADDRESS },
  USDC: { kind: 'evm', message: ValidationMessage.ETH_ADDRESS },
} as const satisfies Record<CryptoCurrency, { kind: 'utxo' | 'evm'; message: string; hrp?: string; legacyVersions?: readonly number[] }>;

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3] as const;
/** Checksum constants: bech32 for witness version 0, bech32m for 1 and up. */
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ value) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ BECH32_GENERATOR[i]!) >>> 0;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >>> 5), 0, ...codes.map((c) => c & 31)];
}

/** Regroups bits (8 to 5 for encoding, 5 to 8 for decoding); null when padding is wrong. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = ((acc << from) | value) & 0xffffff;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & max);
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & max);
  else if (!pad && (bits >= from || ((acc << (to - bits)) & max) !== 0)) return null;
  return out;
}

/** A segwit address of a witness program: 'bc1q...' for a 20-byte version-0 program on BTC. */
export function segwitAddress(hrp: string, program: Uint8Array, version = 0): string {
  const data = [version, ...convertBits([...program], 8, 5, true)!];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? BECH32_CONST : BECH32M_CONST);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((v) => BECH32_CHARSET[v]).join('')}`;
}

/** Whether text is a valid segwit address for `hrp` (checksum, version and program length). */
function isSegwitAddress(hrp: string, text: string): boolean {
  if (text.length > 90 || (text !== text.toLowerCase() && text !== text.toUpperCase())) return false;
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (lower.slice(0, sep) !== hrp || lower.length - sep - 1 < 7) return false;
  const data = Array.from(lower.slice(sep + 1), (c) => BECH32_CHARSET.indexOf(c));
  if (data.includes(-1)) return false;
  const version = data[0]!;
  if (version > 16) return false;
  if (polymod([...hrpExpand(hrp), ...data]) !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

/** Whether text is a base58check address with one of the version bytes. */
function isLegacyAddress(versions: readonly number[], text: string): boolean {
  if (text.length < 26 || text.length > 35) return false;
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit === -1) return false;
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  for (; value > 0n; value >>= 8n) body.unshift(Number(value & 0xffn));
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Uint8Array.from([...Array<number>(leadingZeros).fill(0), ...body]);
  if (bytes.length !== 25 || !versions.includes(bytes[0]!)) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
}

/** An EVM address of 20 bytes with its EIP-55 checksum casing. */
export function evmAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new RangeError(`an EVM account is 20 bytes, got ${account.length}`);
  return checksumCase(bytesToHex(account));
}

function checksumCase(lowerHex: string): string {
  const hash = bytesToHex(keccak_256(utf8ToBytes(lowerHex)));
  return `0x${[...lowerHex].map((c, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** Whether text is 0x and 40 hex digits whose mixed case, when mixed, is the EIP-55 checksum. */
function isEvmAddress(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const hex = text.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return checksumCase(hex.toLowerCase()) === text;
}

/** Whether `address` can receive `currency`. */
export function isCryptoAddress(currency: CryptoCurrency, address: string): boolean {
  const chain = CHAINS[currency];
  if (chain.kind === 'evm') return isEvmAddress(address);
  return isSegwitAddress(chain.hrp, address) || isLegacyAddress(chain.legacyVersions, address);
}

/** The spec's message for an address that cannot receive `currency`, or null when it can. */
export function validateCryptoAddress(currency: CryptoCurrency, address: string): string | null {
  return isCryptoAddress(currency, address.trim()) ? null : CHAINS[currency].message;
}

/** A deposit address built from 20 bytes: a version-0 segwit address on BTC and LTC, an EIP-55 account on the EVM chains. */
export function depositAddressFor(currency: CryptoCurrency, bytes20: Uint8Array): string {
  const chain = CHAINS[currency];
  return chain.kind === 'evm' ? evmAddress(bytes20) : segwitAddress(chain.hrp, bytes20);
}
