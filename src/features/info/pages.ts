/** Reading pages: FAQ, terms, privacy, AML and cookie policy. */
export { AmlPage, CookiePage, FaqPage, PrivacyPage, TermsPage } from './info-pages.tsx';
