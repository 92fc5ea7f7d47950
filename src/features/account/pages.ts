/** Account verification. */
export { AccountVerifyPage } from './account-pages.tsx';
