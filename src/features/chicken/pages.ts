/** Catch the Chicken. */
export { ChickenGamePage } from './chicken-game-page.tsx';
export { ChickenPage } from './chicken-play.tsx';
