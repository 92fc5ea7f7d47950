/** Hover delays of the player card (document 1 section 9): open after 600 ms, hide 300 ms after leaving. */
export const WIDGET_OPEN_MS = 600;
export const WIDGET_HIDE_MS = 300;
/** On a touch screen a tap opens the card and a second tap within this window opens the profile (document 1 section 9: 500 ms). */
export const DOUBLE_TAP_MS = 500;
