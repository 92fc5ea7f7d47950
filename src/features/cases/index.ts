/** Cases: the catalogue's queries. Pages: pages.ts. */
export { caseKeys, caseQueryOptions, caseTitleFromSlug, casesQueryOptions } from './queries.ts';
