/**
 * A player's applied pattern (docs/decisions/0034) as props for the element it tiles: the
 * profile head, the hover card and a battle seat. Only the site's own tiles are drawn, so a
 * stored value can never point the page at another address.
 */
import type { CSSProperties } from 'react';
import './pattern.css';

const OWN_TILE = /^\/patterns\/\d{1,2}\.svg$/;

export function patternProps(pattern: string | null | undefined): { 'data-pattern'?: string; style?: CSSProperties } {
  if (!pattern || !OWN_TILE.test(pattern)) return {};
  return { 'data-pattern': pattern, style: { '--pattern': `url(${pattern})` } as CSSProperties };
}
