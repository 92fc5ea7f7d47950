/** Catch the Chicken. */
export { ChickenGamePage, ChickenPage } from './chicken-pages.tsx';
