/** Dice. */
export { DiceGamePage } from './dice-game-page.tsx';
export { DicePage } from './dice-play.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { diceHistoryQueryOptions, diceRecentQueryOptions, diceRollQueryOptions } from './queries.ts';
