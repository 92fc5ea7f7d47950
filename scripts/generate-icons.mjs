// `node scripts/generate-icons.mjs` rewrites the PNG icons in public/ (they are committed).
// Renders the app icons as PNG with node:zlib: a dark tile, an orange rounded square and a
// white diamond (a cut gem / case mark). Supersampled 4x4 for smooth edges.
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const S = 4;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) for (let sx = 0; sx < S; sx++) {
        const [pr, pg, pb, pa] = pixel((x + (sx + 0.5) / S) / size, (y + (sy + 0.5) / S) / size);
        r += pr * pa; g += pg * pa; b += pb * pa; a += pa;
      }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0; raw[o + 1] = a ? Math.round(g / a) : 0; raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4); ihdr[8] = 8; ihdr[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r), cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
};
const BG = [13, 15, 20];
// `pad` shrinks the mark for maskable icons (safe zone is the inner 80%).
function mark(pad, roundedTile) {
  return (x, y) => {
    if (roundedTile && !inRoundRect(x, y, 0, 0, 1, 1, 0.2)) return [0, 0, 0, 0];
    const s = 1 - 2 * pad;
    const u = (x - pad) / s, v = (y - pad) / s;
    if (inRoundRect(u, v, 0.16, 0.16, 0.84, 0.84, 0.16)) {
      // Orange to amber gradient, top-left to bottom-right.
      const t = (u + v) / 2;
      const base = [255 - 10 * t, 129 + 60 * t, 8 + 30 * t];
      const d = Math.abs(u - 0.5) + Math.abs(v - 0.5);
      if (d <= 0.2) return [255, 255, 255, 1];
      if (d <= 0.245) return [120, 45, 0, 1];
      return [...base, 1];
    }
    return [...BG, 1];
  };
}
const out = new URL('../public', import.meta.url).pathname;
writeFileSync(`${out}/icon-192.png`, png(192, mark(0, false)));
writeFileSync(`${out}/icon-512.png`, png(512, mark(0, false)));
writeFileSync(`${out}/icon-maskable-512.png`, png(512, mark(0.1, false)));
writeFileSync(`${out}/apple-touch-icon.png`, png(180, mark(0, false)));
writeFileSync(`${out}/favicon-32.png`, png(32, mark(0, true)));
