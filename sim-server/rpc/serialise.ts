/**
 * The envelope's JSON, with the static parts of an answer written once (docs/decisions/0038).
 * A part made with `fixedPart` (one level down in `response`: what a handler shares between
 * calls, such as the payment method list) carries its own JSON text, written when it was made;
 * everything else goes through JSON.stringify as usual. The bytes are exactly JSON.stringify's
 * (tests/unit/rpc-serialise.test.ts compares them).
 */

/** Where a fixed part keeps its text: a symbol key, which JSON.stringify and Object.keys skip. */
const JSON_TEXT = Symbol('json text');

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
  if (value !== null && typeof value === 'object' && Object.hasOwn(value, JSON_TEXT)) return (value as { [JSON_TEXT]: string })[JSON_TEXT];
  return JSON.stringify(value);
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

/** A part of an answer fixed for the process: frozen all the way down, with its JSON text written once. */
export function fixedPart<T extends object>(value: T): T {
  Object.defineProperty(value, JSON_TEXT, { value: JSON.stringify(value) });
  return deepFreeze(value);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
