/** A case page's title from its slug: 'neon-rider' -> 'Neon Rider' (document 1 section 2.1). */
export function caseTitleFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
