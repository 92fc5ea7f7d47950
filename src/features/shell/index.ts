/** The page shell: header, footer, cookie banner, update prompt and the not-found page. */
export { CookieBanner } from './cookie-banner.tsx';
export { BUILD_VERSION, Footer } from './footer.tsx';
export { Header } from './header.tsx';
export { NotFound } from './not-found.tsx';
export { UpdatePrompt } from './update-prompt.tsx';
