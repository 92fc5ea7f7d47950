/** The battles' flood limits and what a flooding player is told; the guard itself is the kernel's (kernel/flood.ts). */

/** Messages: two per five seconds per player and battle. */
export const MESSAGE_FLOOD = { max: 2, windowMs: 5_000 } as const;
/** Reactions: three per three seconds per player and battle. */
export const REACTION_FLOOD = { max: 3, windowMs: 3_000 } as const;

/** What a flooding player is told (document 1 section 8). */
export const FLOOD_TEXT = {
  message: 'Not so fast! Slow down with your messages.',
  reaction: "Easy there! Don't flood with reactions.",
} as const;
