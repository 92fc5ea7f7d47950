/**
 * Compresses the server's dynamic answers (methods, art, sim pages) on the way out. Built
 * files are compressed once at build time (scripts/compress-dist.ts) and @fastify/static
 * sends those; this covers what is made per request.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes the headers and the CPU cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with for an Accept-Encoding header: br before gzip, none refused by q=0. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Compresses a body for an Accept-Encoding header; undefined when the client takes none. */
export async function compressBody(body: Buffer, acceptEncoding: string | undefined): Promise<{ encoding: 'br' | 'gzip'; packed: Buffer } | undefined> {
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding) return undefined;
  // Quality 4 / level 6: a few hundred microseconds per answer, most of the saving.
  const packed = encoding === 'br'
    ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : await gzipAsync(body, { level: 6 });
  return { encoding, packed };
}

/** Adds the hook; files sent as streams (the static plugin's) pass through untouched. */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    // Whether compressed or not, the answer depends on the header: shared caches must know.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    const compressed = await compressBody(body, request.headers['accept-encoding']);
    if (!compressed) return payload;
    reply.header('content-encoding', compressed.encoding).removeHeader('content-length');
    return compressed.packed;
  });
}
