/** Cases: what route heads need in the first page. Pages: pages.ts; queries: queries.ts (loaders). */
export { caseTitleFromSlug } from './case-title.ts';
