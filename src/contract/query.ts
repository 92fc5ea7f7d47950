/**
 * Query-string shape shared by the client (encode) and the server (decode), docs/design.md
 * section 4: objects as bracket keys (`options[fast]=1`), lists comma-joined, booleans 0/1.
 * A POST JSON body has the same shape as the decoded query.
 */

/** A decoded query: strings, nested by bracket keys. */
export interface QueryTree {
  [key: string]: string | QueryTree;
}

const MAX_DEPTH = 4;

/** Decodes `a=1&options[fast]=1` into `{a: '1', options: {fast: '1'}}`. */
export function decodeQuery(params: URLSearchParams): QueryTree {
  const tree: QueryTree = Object.create(null);
  for (const [rawKey, value] of params) {
    const path = splitKey(rawKey);
    if (!path) continue;
    let node = tree;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = Object.create(null) as QueryTree;
    }
    node[path[path.length - 1]!] = value;
  }
  return tree;
}

/** Names that would reach an object's prototype, never a key of a decoded query. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

function splitKey(key: string): string[] | null {
  // Most keys are plain names (`amount`, `currencies`): no regular expression for them.
  if (!key.includes('[') && !key.includes(']')) return key === '' || UNSAFE.has(key) ? null : [key];
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  const path = [match[1]!, ...rest];
  // Guard against prototype pollution and absurd nesting from hostile input.
  if (path.length > MAX_DEPTH || path.some((p) => p === '' || UNSAFE.has(p))) return null;
  return path;
}

/** A value the encoder accepts: scalars, lists (comma-joined) and nested objects. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[] | { [key: string]: QueryValue };

/** Encodes params into a query string; undefined and null are left out, booleans become 0/1. */
export function encodeQuery(params: Record<string, QueryValue>): string {
  const out = new URLSearchParams();
  const put = (key: string, value: QueryValue): void => {
    if (value === undefined || value === null) return;
    if (typeof value === 'boolean') out.append(key, value ? '1' : '0');
    else if (Array.isArray(value)) out.append(key, value.join(','));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) put(`${key}[${k}]`, v as QueryValue);
    else out.append(key, String(value));
  };
  for (const [k, v] of Object.entries(params)) put(k, v);
  return out.toString();
}
