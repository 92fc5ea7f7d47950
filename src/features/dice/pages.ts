/** Dice. */
export { DiceGamePage } from './dice-game-page.tsx';
export { DicePage } from './dice-play.tsx';
