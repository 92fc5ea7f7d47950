import { method } from '../define.ts';
import { z } from '../wire.ts';

/** The most calls one batch may carry. */
export const MAX_BATCH = 20;

/**
 * The batch's `list`: a URL-encoded JSON array of `method?params` strings in a query, or the
 * array itself in a POST body (docs/design.md section 4). Not comma-joined: params may hold commas.
 */
const callList = () =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.string())]),
      z.transform((v, ctx): unknown => {
        if (Array.isArray(v)) return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: 'expected a JSON array of calls', input: v });
          return z.NEVER;
        }
      }),
    ),
    z.array(z.string().check(z.minLength(1), z.maxLength(4000))).check(z.minLength(1), z.maxLength(MAX_BATCH)),
  );

/** One item of the batch answer: the envelope that call alone would have answered. */
const envelope = () =>
  z.union([
    z.object({ error: z.object({ error_code: z.union([z.number(), z.string()]), error_msg: z.string() }) }),
    z.object({ response: z.unknown() }),
  ]);

/** Batching of calls that carry a batch label (document 1 section 7). */
export const batchMethods = {
  'batch.waterfall': () => method({
    doc: 'Runs several calls in order and answers their envelopes in the same order.',
    access: 'public',
    input: z.object({ list: callList() }),
    output: z.array(envelope()),
  }),
};
