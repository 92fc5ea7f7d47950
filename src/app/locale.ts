/**
 * Language prefixes (document 1 section 2.1, docs/design.md section 8): every path is also served
 * under /{lang}. en, es and ua are accepted and kept in the address bar; es and ua render
 * English (only en is enabled). Anything else shaped like a language code falls back to
 * English by dropping the prefix. The router sees paths without the prefix, so the route
 * table exists once; links get the visitor's prefix back on the way out.
 */
import type { LocationRewrite } from '@tanstack/react-router';

/** Languages the address bar may carry. */
export const LANGUAGES = ['en', 'es', 'ua'] as const;
/** One accepted language. */
export type Language = (typeof LANGUAGES)[number];

// Two letters, optionally with a region (pt-br, zh-hans). No route of the table has a
// two-letter first segment, so this never hides a page.
const LANGUAGE_LIKE = /^[a-z]{2}(?:-[a-z]{2,4})?$/i;

/** A path with its language prefix taken off: `lang` is null for none or an unsupported one. */
export interface SplitPath {
  lang: Language | null;
  /** The path the router matches, starting with '/'. */
  path: string;
  /** The path had a prefix the site does not accept (it falls back to English). */
  dropped: boolean;
}

/** Collapses runs of slashes ('//cases///x' -> '/cases/x'). */
export function collapseSlashes(pathname: string): string {
  return pathname.replace(/\/{2,}/g, '/');
}

/** Splits the language prefix off a pathname (double slashes collapsed first). */
export function splitLanguage(pathname: string): SplitPath {
  const path = collapseSlashes(pathname.startsWith('/') ? pathname : `/${pathname}`);
  const first = path.split('/')[1] ?? '';
  if (!LANGUAGE_LIKE.test(first)) return { lang: null, path, dropped: false };
  const rest = path.slice(first.length + 1) || '/';
  const lang = (LANGUAGES as readonly string[]).includes(first.toLowerCase()) ? (first.toLowerCase() as Language) : null;
  return { lang, path: rest, dropped: lang === null };
}

/** The public pathname of an internal one under `lang`. */
export function withLanguage(path: string, lang: Language | null): string {
  if (!lang) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

/**
 * The address the visitor should see for a public pathname: slashes collapsed and an
 * unsupported language dropped; null when it is already right.
 */
export function canonicalPublicPath(pathname: string): string | null {
  const { lang, path } = splitLanguage(pathname);
  const wanted = withLanguage(path, lang);
  return wanted === pathname ? null : wanted;
}

let current: Language | null = null;

/** The prefix the visitor came in with (null: none). */
export function currentLanguage(): Language | null {
  return current;
}

/** The router's rewrite pair: prefix off on the way in, back on on the way out. */
export const languageRewrite: LocationRewrite = {
  input: ({ url }) => {
    const { lang, path } = splitLanguage(url.pathname);
    current = lang;
    url.pathname = path;
    return url;
  },
  output: ({ url }) => {
    url.pathname = withLanguage(url.pathname, current);
    return url;
  },
};
