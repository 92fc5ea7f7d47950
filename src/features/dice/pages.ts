/** Dice. */
export { DiceGamePage, DicePage } from './dice-pages.tsx';
