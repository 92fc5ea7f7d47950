/**
 * The radio's tracks as small audio files, made at build time (docs/decisions/0019, amended):
 * each library track is rendered from its seed by the same synth the browser uses
 * (src/core/radio-synth.ts), encoded to Opus by the build's Chromium (WebCodecs AudioEncoder:
 * the machine has no other encoder, and none is a dependency) and written as an Ogg Opus file
 * to dist/assets/, where the server answers it with a year's immutable caching. The name
 * carries the renderer's version and the seed, so a new renderer makes new files.
 * The player asks for the file and renders the track itself when it is missing (a dev server,
 * a build without Chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { RADIO_LIBRARY, radioTrackFile } from '../src/core/radio-library.ts';
import { planSong, renderSong, RADIO_SAMPLE_RATE } from '../src/core/radio-synth.ts';


/** Mono Opus at this many bits a second: the chiptune-like tracks keep their drums and leads. */
const BITRATE = 40_000;
/** Opus always decodes at 48 kHz: granule positions count at this rate. */
const OPUS_RATE = 48_000;

interface Encoded {
  /** The Opus packets, base64. */
  packets: string[];
  /** The encoder's pre-skip (48 kHz samples), from its OpusHead when it gives one. */
  preSkip: number;
  /** Samples of the track at 48 kHz. */
  samples: number;
}

// CRC-32 of Ogg pages: polynomial 0x04c11db7, not reflected, starting at 0.
const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ b]!) >>> 0;
  return crc;
}

/** One Ogg page of whole packets. */
function oggPage(packets: readonly Uint8Array[], flags: number, granule: bigint, sequence: number): Uint8Array {
  const lacing: number[] = [];
  for (const p of packets) {
    for (let left = p.length; ; left -= 255) {
      lacing.push(Math.min(255, left));
      if (left < 255) break;
    }
  }
  const body = Buffer.concat(packets);
  const page = Buffer.alloc(27 + lacing.length + body.length);
  page.write('OggS', 0, 'ascii');
  page.writeUInt8(0, 4);
  page.writeUInt8(flags, 5);
  page.writeBigInt64LE(granule, 6);
  page.writeUInt32LE(0x5741_5645, 14); // the stream's serial: "WAVE"
  page.writeUInt32LE(sequence, 18);
  page.writeUInt32LE(0, 22);
  page.writeUInt8(lacing.length, 26);
  Buffer.from(lacing).copy(page, 27);
  body.copy(page, 27 + lacing.length);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** An Ogg Opus file (RFC 7845) of mono packets. */
export function oggOpus(packets: readonly Uint8Array[], preSkip: number, inputRate: number, samples48k: number): Uint8Array {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(inputRate, 12);
  head.writeInt16LE(0, 16);
  head.writeUInt8(0, 18);
  const vendor = Buffer.from('SkinFans Wave');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  const pages: Uint8Array[] = [oggPage([head], 0x02, 0n, 0), oggPage([tags], 0, 0n, 1)];
  const end = BigInt(preSkip + samples48k);
  let granule = BigInt(preSkip);
  let sequence = 2;
  // About a second of packets a page (50 packets of 20 ms), well under 255 lacing values.
  for (let i = 0; i < packets.length; i += 50) {
    const chunk = packets.slice(i, i + 50);
    for (const p of chunk) granule += BigInt(opusPacketSamples(p));
    const last = i + 50 >= packets.length;
    pages.push(oggPage(chunk, last ? 0x04 : 0, last ? end : granule < end ? granule : end, sequence++));
  }
  return Buffer.concat(pages);
}

/** Samples (48 kHz) one Opus packet decodes to, from its TOC byte (RFC 6716 section 3.1). */
function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0]!;
  const config = toc >> 3;
  const frame = config < 12 ? [480, 960, 1920, 2880][config & 3]! : config < 16 ? [480, 960][config & 1]! : [120, 240, 480, 960][config & 3]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code === 3 ? (packet[1]! & 0x3f) : 2;
  return frame * frames;
}

/** Encodes every library track and writes the files; answers the files and their bytes. */
export async function renderRadioTracks(distDir: string): Promise<{ file: string; bytes: number }[]> {
  const dir = join(distDir, 'assets');
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const written: { file: string; bytes: number }[] = [];
  try {
    const page = await browser.newPage();
    const tracks = new Map<number, Float32Array>();
    // localhost is a secure context (WebCodecs needs one); the samples come over a route, not through evaluate.
    await page.route('http://localhost/**', async (route) => {
      const url = new URL(route.request().url());
      const seed = Number(url.pathname.slice(1));
      const samples = tracks.get(seed);
      if (samples) await route.fulfill({ body: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), contentType: 'application/octet-stream' });
      else await route.fulfill({ body: '<!doctype html><title>radio tracks</title>', contentType: 'text/html' });
    });
    await page.goto('http://localhost/');
    for (const track of RADIO_LIBRARY) {
      tracks.set(track.seed, renderSong(planSong(track.seed)));
      const encoded = await page.evaluate(
        async ({ seed, rate, opusRate, bitrate }) => {
          const pcm = new Float32Array(await (await fetch(`/${seed}`)).arrayBuffer());
          // Opus runs at 48 kHz; an encoder that does not take the synth's rate gets the samples resampled here.
          const direct = (await AudioEncoder.isConfigSupported({ codec: 'opus', sampleRate: rate, numberOfChannels: 1, bitrate })).supported === true;
          let input = pcm;
          let inputRate = rate;
          if (!direct) {
            const context = new OfflineAudioContext(1, Math.ceil((pcm.length * opusRate) / rate), opusRate);
            const buffer = context.createBuffer(1, pcm.length, rate);
            buffer.copyToChannel(pcm, 0);
            const source = context.createBufferSource();
            source.buffer = buffer;
            source.connect(context.destination);
            source.start();
            input = (await context.startRendering()).getChannelData(0);
            inputRate = opusRate;
          }
          const packets: string[] = [];
          let preSkip = 312;
          const encoder = new AudioEncoder({
            output: (chunk, meta) => {
              const bytes = new Uint8Array(chunk.byteLength);
              chunk.copyTo(bytes);
              let text = '';
              for (const b of bytes) text += String.fromCharCode(b);
              packets.push(btoa(text));
              const description = meta?.decoderConfig?.description;
              if (description) {
                const head = new Uint8Array(ArrayBuffer.isView(description) ? description.buffer.slice(description.byteOffset, description.byteOffset + description.byteLength) : description);
                if (head.length >= 12 && String.fromCharCode(...head.slice(0, 8)) === 'OpusHead') preSkip = head[10]! | (head[11]! << 8);
              }
            },
            error: (error) => {
              throw error;
            },
          });
          encoder.configure({ codec: 'opus', sampleRate: inputRate, numberOfChannels: 1, bitrate });
          const step = inputRate;
          for (let at = 0; at < input.length; at += step) {
            const part = input.slice(at, at + step);
            const frame = new AudioData({ format: 'f32', sampleRate: inputRate, numberOfChannels: 1, numberOfFrames: part.length, timestamp: Math.round((at / inputRate) * 1e6), data: part });
            encoder.encode(frame);
            frame.close();
          }
          await encoder.flush();
          encoder.close();
          return { packets, preSkip, samples: Math.round((pcm.length * opusRate) / rate) };
        },
        { seed: track.seed, rate: RADIO_SAMPLE_RATE, opusRate: OPUS_RATE, bitrate: BITRATE },
      ) as Encoded;
      tracks.delete(track.seed);
      const file = oggOpus(encoded.packets.map((p) => Buffer.from(p, 'base64')), encoded.preSkip, RADIO_SAMPLE_RATE, encoded.samples);
      const name = radioTrackFile(track.seed);
      writeFileSync(join(dir, name), file);
      written.push({ file: name, bytes: file.length });
    }
  } finally {
    await browser.close();
  }
  return written;
}
