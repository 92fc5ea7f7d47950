/** Cases: what route heads need in the first page. Pages: pages.ts; queries for loaders and other features: on-demand.ts. */
export { caseTitleFromSlug } from './case-title.ts';
export { useBoxDeprecations } from './box-deprecations.ts';
