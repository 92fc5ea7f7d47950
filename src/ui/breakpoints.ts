/**
 * The layout's breakpoints (document 1 section 9: mobile 767 px, tablet 991 px, laptop 1023 px):
 * the widest window of each class. The stylesheets write the same numbers in their media queries.
 */
export const BREAKPOINTS = { mobile: 767, tablet: 991, laptop: 1023 } as const;

/** A window of this class or narrower: `(max-width: 767px)`. */
export const upTo = (size: keyof typeof BREAKPOINTS) => `(max-width: ${BREAKPOINTS[size]}px)`;

/** A window wider than this class: `(min-width: 768px)`. */
export const widerThan = (size: keyof typeof BREAKPOINTS) => `(min-width: ${BREAKPOINTS[size] + 1}px)`;

/** Whether the window is of this class or narrower now. */
export function isUpTo(size: keyof typeof BREAKPOINTS): boolean {
  return typeof matchMedia === 'function' && matchMedia(upTo(size)).matches;
}
