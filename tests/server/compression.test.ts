/**
 * What goes over the wire: built files in their pre-compressed copies, large method answers
 * compressed per request, identity for a client that accepts no encoding, cache headers kept.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../../scripts/compress-dist.ts';
import { startServer, type TestServer } from './harness.ts';

// Text long enough to compress well, like a real bundle.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export function part${i}(x){return x*${i}+"arena";}`).join('\n');
const INDEX = `<!doctype html><title>Arena shell</title><main>${'<p>The arena.</p>'.repeat(80)}</main>`;
let server: TestServer;
let staticDir: string;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly the given headers (fetch would add and decode its own Accept-Encoding). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'arena-compress-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), SCRIPT);
  compressDist(staticDir);
  server = await startServer({ staticDir });
});

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('built files', () => {
  it('sends the app script as brotli, or gzip, with Vary and the immutable cache header kept', async () => {
    const br = await rawGet('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decoded(br)).toBe(SCRIPT);

    const gz = await rawGet('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(SCRIPT);
  });

  it('sends identity to a client without Accept-Encoding', async () => {
    const plain = await rawGet('/assets/app-1234.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends a page path the compressed shell, revalidated', async () => {
    const page = await rawGet('/cases', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page)).toBe(INDEX);
  });
});

describe('method answers', () => {
  it('compresses a large answer (the case list) and leaves it plain for a client that accepts none', async () => {
    const br = await rawGet('/api/method/case.getCases', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const list = JSON.parse(decoded(br)) as { response: { cases: unknown[] } };
    expect(list.response.cases.length).toBeGreaterThan(0);

    const gz = await rawGet('/api/method/case.getCases', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(list);

    const plain = await rawGet('/api/method/case.getCases');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(br.body.length);
    expect(JSON.parse(plain.body.toString())).toEqual(list);

    const refused = await rawGet('/api/method/case.getCases', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small answer plain', async () => {
    const small = await rawGet('/api/method/nonexistent.method', { 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ error: expect.anything() });
  });
});
