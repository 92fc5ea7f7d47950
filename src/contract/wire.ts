/**
 * Schema building blocks for the wire. Written with zod/mini so the client's first page
 * stays small (docs/design.md section 8); the server uses the very same schemas.
 * Input helpers accept a value's JSON form or its query-string text, because query strings
 * carry only text; numbers only as decimal digits.
 */
import * as z from 'zod/mini';
import type { ErrorCode } from './errors.ts';

export { z };

/**
 * One schema per helper and arguments, built on first use and shared after. Zod schemas never
 * change once built (a `.check()` or `z.optional()` makes a new one around it), so every field
 * that is `int()` can be the same `int()`. The client builds the whole contract at start-up on
 * a phone's main thread, and the helpers made about a third of its schemas (docs/decisions/0053).
 */
function shared<A extends readonly (string | number)[], S>(build: (...args: A) => S): (...args: A) => S {
  const made = new Map<string, S>();
  return (...args: A) => {
    const key = args.join(',');
    let schema = made.get(key);
    if (schema === undefined) {
      schema = build(...args);
      made.set(key, schema);
    }
    return schema;
  };
}

/**
 * The schema a `z.lazy` one stands for, built now: what `z.extend` and a spread of `.shape` need.
 * The contract's shared schemas are lazy (built when first parsed with), so that a page builds
 * the ones it meets, not all of them on a phone's main thread as its script starts
 * (docs/decisions/0053).
 */
export function built<T extends z.core.SomeType>(schema: z.ZodMiniLazy<T>): T {
  // zod keeps a lazy schema's inner schema, built once, only here (def.getter() would build another).
  // eslint-disable-next-line no-underscore-dangle
  return schema._zod.innerType;
}

/**
 * A whole number as a JSON number or its plain decimal text, nothing else: coercion would also
 * take "0x10", "1e2", "0b11", true and [250] (issue 12), which no honest client sends.
 */
const wholeNumber = shared(() =>
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?\d{1,16}$/, 'expected a whole number in decimal digits'))]),
    z.transform((v): number => Number(v)),
  ),
);

/** An integer, from a number or its decimal text. */
export const int = shared(() => z.pipe(wholeNumber(), z.number().check(z.int())));

/** A whole number of cents, at least `min` (default 1: zero moves nothing). */
const centsFrom = shared((min: number) => z.pipe(wholeNumber(), z.number().check(z.int(), z.gte(min), z.lte(Number.MAX_SAFE_INTEGER))));
export const cents = (min = 1) => centsFrom(min);

/** A boolean sent as 0/1 (also true/false). */
export const flag = shared(() =>
  z.pipe(
    z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]),
    z.transform((v): boolean => v === true || v === 1 || v === '1' || v === 'true'),
  ),
);

/** A 12-character SF hash or its short form (`SF0000000042`, `SF42`). */
export const hashId = shared(() => z.string().check(z.regex(/^SF\d{1,10}$/, 'expected an SF hash')));

/** Text trimmed and bounded. */
export const text = shared((min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max)));

/** A comma-joined list (or a JSON array in a POST body); each item is checked by `item`. */
export const list = <T extends z.ZodMiniType>(item: T, max = 200) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
      z.transform((v): string[] => (Array.isArray(v) ? v.map(String) : v === '' ? [] : v.split(','))),
    ),
    // Items arrive as text; the cast only widens what pipe demands of the item's input type.
    z.array(item as z.ZodMiniType<z.output<T>, string>).check(z.maxLength(max)),
  );

/** An integer that must be one of the spec's listed options (lock times, wager steps, ...). */
export const choice = (options: readonly number[]) =>
  int().check(z.refine((v) => options.includes(v), { message: `expected one of ${options.join(', ')}` }));

/** The client's own seed for provably fair rolls (docs/design.md section 6); visible ASCII only. */
export const clientSeed = shared(() => z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\x21-\x7e]+$/, 'expected visible characters')));

/** A gift code: three groups of five letters or digits joined by dashes (document 1 section 5). */
/** Three groups of five letters or digits joined by dashes, any case (document 1 section 5). */
export const GIFT_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}-[a-z0-9]{5}$/i;
export const giftCode = shared(() => z.string().check(z.trim(), z.regex(GIFT_CODE_PATTERN, 'expected a gift code')));

/** The label the client uses to merge calls into one batch.waterfall; the server ignores it. */
export const batchLabel = shared(() => z.optional(z.string().check(z.maxLength(64))));

/** Idempotency key of a money-moving call (docs/design.md section 4: `stamp`). */
export const stamp = shared(() => z.optional(z.string().check(z.minLength(1), z.maxLength(64))));

/** Paging: the spec continues with an offset equal to the last item's hash. */
export const paging = shared(() => ({
  offset: z.optional(z.string().check(z.maxLength(64))),
  count: z.optional(z.pipe(int(), z.number().check(z.gte(1), z.lte(100)))),
}));

/** Response helper for calls whose answer is only a success flag. */
export const success = () => z.object({ success: z.boolean() });

/** Response helper for code claims: the success flag and, when refused, the server's cause. */
export const successWithCause = () => z.object({ success: z.boolean(), cause: z.optional(z.string()) });

/** A successful answer. */
export interface OkEnvelope<T> {
  response: T;
}
/** A failed answer. */
export interface ErrorEnvelope {
  error: { error_code: ErrorCode; error_msg: string };
}
/** The one shape of every RPC answer, HTTP 200 either way. */
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** Parses any envelope; the `response` is then parsed by the method's own output schema. */
export const EnvelopeSchema = z.union([
  z.object({ error: z.object({ error_code: z.union([z.number(), z.string()]), error_msg: z.string() }) }),
  z.object({ response: z.unknown() }),
]);

/** The body of HTTP 429 (spec: HTTP 'rate_limited', details kept as the rate-limit flag). */
export const RateLimitedBody = z.lazy(() => z.object({
  error: z.literal('rate_limited'),
  server_id: z.string(),
  /** Unix seconds at which the limit was hit. */
  time: z.number(),
  /** Seconds until requests are accepted again. */
  retry_after: z.number(),
}));
/** The body of HTTP 429. */
export type RateLimitedBody = z.output<typeof RateLimitedBody>;

/** Formats schema issues into one message that names each failing field; `input` tells a missing field from a wrong one. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input?: unknown): string {
  const at = (path: readonly PropertyKey[]): unknown =>
    path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), input);
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : 'input';
      const i = issue as z.core.$ZodIssue & { expected?: string; minimum?: unknown; maximum?: unknown };
      if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.path.length > 0 && at(issue.path) === undefined) return `${field}: required`;
      if (issue.code === 'invalid_type') return `${field}: expected ${i.expected}`;
      if (issue.code === 'too_small') return `${field}: must be at least ${String(i.minimum)}`;
      if (issue.code === 'too_big') return `${field}: must be at most ${String(i.maximum)}`;
      if (issue.code === 'unrecognized_keys') return `${field}: unknown field ${issue.keys.join(', ')}`;
      return `${field}: ${issue.message === 'Invalid input' ? 'invalid value' : issue.message}`;
    })
    .join('; ');
}
