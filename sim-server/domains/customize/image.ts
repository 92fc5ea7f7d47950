/**
 * Avatar images (document 1 section 5; docs/decisions/0026): JPEG, PNG or GIF, recognised by
 * their content (never by a name or a declared type), their dimensions read from the header
 * and capped before anything is decoded, then rewritten to a canonical copy: only the chunks,
 * segments and blocks that draw the picture are kept (no metadata, no comments, no trailing
 * bytes), and a PNG's pixel stream is inflated (bounded by what its header declares, so a
 * decompression bomb stops at the cap) and deflated anew. No image library is installed; this
 * does not decode JPEG or GIF pixels (see the decision record).
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** Largest upload accepted (bytes). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Largest side and pixel count an avatar may declare. */
export const AVATAR_MAX_SIDE = 2048;
export const AVATAR_MAX_PIXELS = 2048 * 2048;
/** A GIF may hold at most this many frames, and their pixels together at most AVATAR_MAX_PIXELS x this. */
export const GIF_MAX_FRAMES = 200;
const GIF_MAX_FRAME_PIXELS = AVATAR_MAX_PIXELS * 8;

export type ImageType = 'png' | 'jpeg' | 'gif';
export const IMAGE_MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };

export class ImageRejected extends Error {}

const reject = (message: string): never => {
  throw new ImageRejected(message);
};

/** What the first bytes say the file is. */
export function sniff(data: Uint8Array): ImageType | null {
  if (data.length >= 8 && Buffer.from(data.subarray(0, 8)).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 6 && (Buffer.from(data.subarray(0, 6)).toString('latin1') === 'GIF87a' || Buffer.from(data.subarray(0, 6)).toString('latin1') === 'GIF89a')) return 'gif';
  return null;
}

function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) reject('The image has no pixels');
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS) {
    reject(`The image is too large: at most ${AVATAR_MAX_SIDE} x ${AVATAR_MAX_SIDE} pixels`);
  }
}

export interface CanonicalImage {
  type: ImageType;
  width: number;
  height: number;
  data: Buffer;
}

/** Checks an upload and answers its canonical copy; throws ImageRejected with the reason. */
export function canonicalImage(input: Uint8Array): CanonicalImage {
  if (input.length > AVATAR_MAX_BYTES) reject(`The file is too large: at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`);
  const data = Buffer.from(input.buffer, input.byteOffset, input.length);
  const type = sniff(data);
  if (type === 'png') return canonicalPng(data);
  if (type === 'jpeg') return canonicalJpeg(data);
  if (type === 'gif') return canonicalGif(data);
  return reject('Not an image: upload a JPG, PNG or GIF');
}

// PNG ------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** One PNG chunk: length, type, body and the CRC of type and body (tests build their images with it too). */
export function pngChunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

/** Bytes of the filtered pixel stream a PNG of this header must inflate to. */
function pngStreamLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)));
  if (!interlaced) return rows(width, height);
  // Adam7: seven passes, each a sub-image with its own rows.
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;
  return passes.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

function canonicalPng(data: Buffer): CanonicalImage {
  let at = 8;
  let header: Buffer | null = null;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (at + 12 <= data.length && !ended) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (length > data.length - at - 12) reject('The PNG is cut short');
    const body = data.subarray(at + 8, at + 8 + length);
    if (data.readUInt32BE(at + 8 + length) !== crc32(data.subarray(at + 4, at + 8 + length))) reject('The PNG is damaged (a checksum does not match)');
    at += 12 + length;
    if (header === null && type !== 'IHDR') reject('The PNG has no header');
    if (type === 'IHDR') {
      if (header !== null || length !== 13) reject('The PNG header is not valid');
      header = body;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') ended = true;
    // An unknown critical chunk (upper-case first letter) changes how the image reads: refused.
    else if (type.charCodeAt(0) < 0x61) reject(`The PNG uses a chunk this site does not read (${type})`);
  }
  if (!header || !ended || idat.length === 0) reject('The PNG is incomplete');
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  checkSize(width, height);
  const [depth, colour, compression, filter, interlace] = [header![8]!, header![9]!, header![10]!, header![11]!, header![12]!];
  if (!DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) reject('The PNG header is not valid');
  if (colour === 3 && (!palette || palette.length % 3 !== 0 || palette.length === 0)) reject('The PNG palette is missing');
  const expected = pngStreamLength(width, height, depth * CHANNELS[colour]!, interlace === 1);
  let pixels: Buffer;
  try {
    // The cap is what the header declares: a stream that inflates to more is a bomb, not an image.
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return reject('The PNG pixel data is not valid');
  }
  if (pixels.length !== expected) reject('The PNG pixel data does not match its size');
  if (interlace === 0) {
    const stride = 1 + Math.ceil((width * depth * CHANNELS[colour]!) / 8);
    for (let row = 0; row < height; row++) if (pixels[row * stride]! > 4) reject('The PNG pixel data is not valid');
  }
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', header!)];
  if (palette) parts.push(pngChunk('PLTE', palette));
  if (transparency) parts.push(pngChunk('tRNS', transparency));
  parts.push(pngChunk('IDAT', deflateSync(pixels, { level: 9 })), pngChunk('IEND', Buffer.alloc(0)));
  return { type: 'png', width, height, data: Buffer.concat(parts) };
}

// JPEG -----------------------------------------------------------------------------------

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Segments that draw the picture, kept; APP0 (JFIF) and APP14 (Adobe colour transform) too. Metadata (EXIF, XMP, ICC, comments) is dropped. */
const KEEP = new Set([0xdb, 0xc4, 0xdd, 0xcc, 0xe0, 0xee, ...SOF]);

function canonicalJpeg(data: Buffer): CanonicalImage {
  const out: Buffer[] = [Buffer.from([0xff, 0xd8])];
  let at = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  for (;;) {
    if (at + 2 > data.length) reject('The JPEG is cut short');
    if (data[at] !== 0xff) reject('The JPEG is damaged');
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) break;
    if (at + 4 > data.length) reject('The JPEG is cut short');
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) reject('The JPEG is cut short');
    const segment = data.subarray(at, at + 2 + length);
    at += 2 + length;
    if (SOF.has(marker)) {
      if (size || length < 8) reject('The JPEG header is not valid');
      size = { height: segment.readUInt16BE(5), width: segment.readUInt16BE(7) };
      checkSize(size.width, size.height);
    }
    if (marker === 0xda) {
      if (!size) reject('The JPEG header is not valid');
      // The entropy-coded data runs to the next marker that is not a stuffed byte or a restart.
      let end = at;
      while (end + 1 < data.length && !(data[end] === 0xff && data[end + 1] !== 0x00 && !(data[end + 1]! >= 0xd0 && data[end + 1]! <= 0xd7))) end++;
      if (end + 1 >= data.length) reject('The JPEG is cut short');
      out.push(segment, data.subarray(at, end));
      at = end;
      scans++;
      continue;
    }
    if (KEEP.has(marker)) out.push(segment);
    else if (!(marker >= 0xe0 && marker <= 0xef) && marker !== 0xfe) reject('The JPEG uses a segment this site does not read');
  }
  if (!size || scans === 0) reject('The JPEG has no picture');
  out.push(Buffer.from([0xff, 0xd9]));
  return { type: 'jpeg', ...size!, data: Buffer.concat(out) };
}

// GIF ------------------------------------------------------------------------------------

function canonicalGif(data: Buffer): CanonicalImage {
  if (data.length < 13) reject('The GIF is cut short');
  const width = data.readUInt16LE(6);
  const height = data.readUInt16LE(8);
  checkSize(width, height);
  const packed = data[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  if (at > data.length) reject('The GIF is cut short');
  const out: Buffer[] = [Buffer.from('GIF89a', 'latin1'), data.subarray(6, at)];
  let frames = 0;
  let framePixels = 0;
  /** Answers the end of a run of data sub-blocks starting at `from`. */
  const subBlocks = (from: number): number => {
    let p = from;
    for (;;) {
      if (p >= data.length) reject('The GIF is cut short');
      const n = data[p]!;
      p += 1 + n;
      if (n === 0) return p;
    }
  };
  for (;;) {
    if (at >= data.length) reject('The GIF is cut short');
    const block = data[at]!;
    if (block === 0x3b) break;
    if (block === 0x2c) {
      if (at + 10 > data.length) reject('The GIF is cut short');
      const [x, y, w, h] = [data.readUInt16LE(at + 1), data.readUInt16LE(at + 3), data.readUInt16LE(at + 5), data.readUInt16LE(at + 7)];
      if (w === 0 || h === 0 || x + w > width || y + h > height) reject('A GIF frame lies outside the image');
      frames++;
      framePixels += w * h;
      if (frames > GIF_MAX_FRAMES || framePixels > GIF_MAX_FRAME_PIXELS) reject(`The GIF has too many frames: at most ${GIF_MAX_FRAMES}`);
      const local = data[at + 9]! & 0x80 ? 3 * 2 ** ((data[at + 9]! & 7) + 1) : 0;
      const codeSize = at + 10 + local;
      if (codeSize >= data.length || data[codeSize]! < 2 || data[codeSize]! > 8) reject('The GIF frame is not valid');
      const end = subBlocks(codeSize + 1);
      out.push(data.subarray(at, end));
      at = end;
    } else if (block === 0x21) {
      const label = data[at + 1];
      const end = subBlocks(at + 2);
      // Kept: frame timing and transparency (0xF9) and the looping of an animation (NETSCAPE2.0).
      const netscape = label === 0xff && data.toString('latin1', at + 3, at + 14) === 'NETSCAPE2.0';
      if (label === 0xf9 || netscape) out.push(data.subarray(at, end));
      at = end;
    } else {
      reject('The GIF is damaged');
    }
  }
  if (frames === 0) reject('The GIF has no picture');
  out.push(Buffer.from([0x3b]));
  return { type: 'gif', width, height, data: Buffer.concat(out) };
}
