/**
 * The radio: one WAVE song change (#RADIO_NEXT_SOUND, from the station's own timer) fanned out
 * to N listening sockets, delivery p50/p99 from the moment the change was due (and, apart, from
 * the server's stamp, so the timer's lateness shows); and the radio's shipped
 * bytes (its lazy chunks, gzip, and the Ogg Opus tracks the build encodes; docs/decisions/0019).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RadioPlan, RadioResult } from './lib/radio-clients.ts';
import { errorSummary, makeTempDir, removeTempDir, ROOT, runNode, startSimServer } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';
import { LOAD_CPU, SERVER_CPU } from './rpc.ts';

const P99_TARGET_MS = 50;
/** The radio's chunks: the station, player and synth, the hint, the modals (JS and CSS). */
const RADIO_ASSET = /^radio(-hint|-modals)?-[\w-]+\.(js|css)$/;
/** The tracks the build encodes (scripts/radio-tracks.ts). */
const RADIO_TRACK = /^wave-synth-v\d+-\d+\.ogg$/;

function trackBytes(): { files: number; bytes: number } {
  try {
    const dir = join(ROOT, 'dist', 'assets');
    const sizes = readdirSync(dir).filter((n) => RADIO_TRACK.test(n)).map((n) => statSync(join(dir, n)).size);
    return { files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  } catch {
    return { files: 0, bytes: 0 };
  }
}

function assetBytes(): { files: { file: string; bytes: number; gzip: number }[]; gzip: number } {
  const dir = join(ROOT, 'dist', 'assets');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => RADIO_ASSET.test(n));
  } catch {
    return { files: [], gzip: 0 };
  }
  const files = names.map((file) => {
    const raw = readFileSync(join(dir, file));
    return { file, bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
}

export async function radioBench(options: { clients: number; rounds: number }): Promise<Section> {
  const dir = makeTempDir('radio');
  try {
    const server = await startSimServer(dir, SERVER_CPU);
    let result: RadioResult;
    try {
      const plan: RadioPlan = { port: server.port, clients: options.clients, rounds: options.rounds, warmup: 1, parallel: 32 };
      const { code, stdout, stderr } = await runNode({ args: ['bench/lib/radio-clients.ts', JSON.stringify(plan)], cpu: LOAD_CPU, timeoutMs: 330_000 });
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) throw new Error(`radio clients failed (exit ${code}): ${errorSummary(stderr)}`);
      result = JSON.parse(line.slice('RESULT '.length)) as RadioResult;
    } finally {
      await server.stop();
    }
    const n = fmt(result.clients);
    const assets = assetBytes();
    const tracks = trackBytes();
    const rows: Row[] = [
      { benchmark: `WAVE song change N=${n} p50`, figure: result.dueP50Ms.toFixed(1), value: result.dueP50Ms, unit: 'ms', target: '', verdict: result.missing ? `${fmt(result.missing)} not delivered` : '' },
      {
        benchmark: `WAVE song change N=${n} p99`, figure: result.dueP99Ms.toFixed(1), value: result.dueP99Ms, unit: 'ms', target: `< ${P99_TARGET_MS} ms`,
        verdict: `${(result.dueP99Ms / P99_TARGET_MS).toFixed(2)} ${judge(result.dueP99Ms < P99_TARGET_MS && result.missing === 0)} (from the due moment)`,
      },
      {
        benchmark: `WAVE song change N=${n} p99 from the announcement`, figure: result.p99Ms.toFixed(1), value: result.p99Ms, unit: 'ms', target: '',
        verdict: `info: timer late by ${result.timerLateMs.join(', ')} ms`,
      },
      {
        benchmark: 'Radio assets (gzip)', figure: (assets.gzip / 1024).toFixed(1), value: assets.gzip, unit: 'KiB', target: 'lazy',
        verdict: assets.files.length ? 'info' : 'n/a (run npm run build)',
      },
      {
        benchmark: `Radio tracks (${tracks.files} Ogg Opus files)`, figure: (tracks.bytes / 1024).toFixed(0), value: tracks.bytes, unit: 'KiB', target: 'small files, fetched when played',
        verdict: tracks.files ? 'info' : 'n/a (npm run build with Chromium)',
      },
    ];
    const notes = [
      `Radio: ${n} visitor sockets in WAVE, connected in ${result.secondsToConnect.toFixed(1)} s; 1 warm-up song change (not counted, as the chat row's warm-up round) then ${result.rounds} song changes announced by the station's timer (#RADIO_NEXT_SOUND, 2 s before each end); latency = each socket's receipt (Date.now, read first) minus the moment the change was due (the next song's start_time minus the 2 s hint): p50 ${result.dueP50Ms.toFixed(1)} / p99 ${result.dueP99Ms.toFixed(1)} / max ${result.dueMaxMs.toFixed(1)} ms; of which the station's timer ran late by ${result.timerLateMs.join(', ')} ms per round (its stamp minus the due moment); from the announcement's server stamp alone p50 ${result.p50Ms.toFixed(1)} / p99 ${result.p99Ms.toFixed(1)} / max ${result.maxMs.toFixed(1)} ms; ${fmt(result.missing)} not delivered; clients on CPU ${LOAD_CPU}, server on CPU ${SERVER_CPU}`,
      `Radio assets: ${assets.files.map((f) => `${f.file} ${fmt(f.bytes)} B (gzip ${fmt(f.gzip)})`).join(', ') || 'dist/ not built'}; the tracks: ${tracks.files} Ogg Opus files, ${fmt(tracks.bytes)} B in all, built from their seeds (rendered in the browser when missing)`,
    ];
    return { rows, notes, details: { options, result, assets }, fatal: result.missing > 0 };
  } finally {
    removeTempDir(dir);
  }
}
