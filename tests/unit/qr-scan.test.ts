import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { encodeQr } from '../../src/ui/qr-code.ts';

/**
 * The QR codes the wallet and the 2FA setup draw, read back by a real scanner: zbarimg (Debian's
 * zbar-tools, which .ci/run installs). The symbol is drawn the way qr-image.tsx draws it: dark
 * modules on white with a four-module quiet zone.
 */
const dir = mkdtempSync(join(tmpdir(), 'qr-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUIET_ZONE = 4;
const SCALE = 4;

/** A plain PBM (P1) image of the symbol: 1 is black. */
function pbmOf(dark: readonly (readonly boolean[])[]): string {
  const span = (dark.length + QUIET_ZONE * 2) * SCALE;
  const rows: string[] = [];
  for (let y = 0; y < span; y++) {
    const row: string[] = [];
    for (let x = 0; x < span; x++) row.push(dark[Math.floor(y / SCALE) - QUIET_ZONE]?.[Math.floor(x / SCALE) - QUIET_ZONE] ? '1' : '0');
    rows.push(row.join(' '));
  }
  return `P1\n${span} ${span}\n${rows.join('\n')}\n`;
}

function scan(text: string): string {
  const qr = encodeQr(text);
  if (!qr) throw new Error(`no symbol for ${text.length} characters`);
  const file = join(dir, `${text.length}.pbm`);
  writeFileSync(file, pbmOf(qr.dark));
  // zbarimg prints its own D-Bus complaints on stderr; only the decoded text matters.
  return execFileSync('zbarimg', ['--raw', '-q', '-Sbinary', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

describe('QR codes scan back to their text', () => {
  test.each([
    ['a bitcoin deposit address', 'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['an ethereum address', 'ethereum:0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a 2FA setup URI', 'otpauth://totp/Arena:some%20player?secret=JBSWY3DPEHPK3PXP&issuer=Arena&algorithm=SHA1&digits=6&period=30'],
    ['UTF-8 text', 'Grüße, 玩家 🎲'],
    ['the longest text drawn (version 10, level L)', 'x'.repeat(271)],
  ])('%s', (_, text) => {
    expect(scan(text)).toBe(text);
  });
});
