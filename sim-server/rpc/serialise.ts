/**
 * The envelope's JSON, with the static parts of an answer written once (docs/decisions/0038).
 * A frozen object or array inside `response` (one level down: the parts a handler shares
 * between calls, such as the payment method list) is stringified the first time it is seen
 * and its text reused; everything else goes through JSON.stringify as usual. The bytes are
 * exactly JSON.stringify's (tests/unit/rpc-serialise.test.ts compares them).
 */

/** The text of each frozen part seen so far; a frozen value cannot change, so its text cannot go stale. */
const texts = new WeakMap<object, string>();

/** JSON.stringify(envelope), reusing the text of frozen parts of its response. */
export function serialiseEnvelope(envelope: unknown): string {
  if (!isPlainObject(envelope) || !('response' in envelope) || Object.keys(envelope).length !== 1) return JSON.stringify(envelope);
  const response = envelope.response;
  if (!isPlainObject(response)) return JSON.stringify(envelope);
  let out = '';
  for (const key of Object.keys(response)) {
    const value = response[key];
    // What JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${textOf(value)}`;
  }
  return `{"response":{${out}}}`;
}

function textOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value) || hasToJson(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/** A plain object whose keys JSON.stringify walks itself (no toJSON, no class). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || hasToJson(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/** Freezes a value and everything inside it, so its text may be reused. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
