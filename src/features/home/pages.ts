/** The home page, for routes only. */
export { HomePage } from './home-page.tsx';
