/**
 * Title, description, canonical address and social-preview tags of a page (document 1
 * section 2.1: "Each page sets title, description, canonical and social-preview tags").
 * Canonical addresses carry no language prefix: every language renders the English page.
 */

/** The site's name in titles and previews. */
export const SITE_NAME = 'SkinFans Arena';

/** What a route says about itself. */
export interface PageMeta {
  /** The page's own title; the site name is added after it. */
  title: string;
  description: string;
  /** The page's path without a language prefix, e.g. '/cases' or `/@${name}`. */
  path: string;
  /** Preview image path; the app icon by default. */
  image?: string;
  /** Keeps the page out of search results (404, personal pages). */
  noindex?: boolean;
}

function absolute(path: string): string {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return `${origin}${path}`;
}

/** The `head` answer of a route for its meta. */
export function pageHead({ title, description, path, image = '/icon-512.png', noindex }: PageMeta) {
  const url = absolute(path);
  const full = title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
  return {
    meta: [
      { title: full },
      { name: 'description', content: description },
      ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
      { property: 'og:site_name', content: SITE_NAME },
      { property: 'og:type', content: 'website' },
      { property: 'og:title', content: full },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: absolute(image) },
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:title', content: full },
      { name: 'twitter:description', content: description },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}
