/** Cases for other features' pages and route loaders: the case list and one case's queries. */
export { caseQueryOptions, caseTableQueryOptions, casesQueryOptions, unboxGameQueryOptions, type CaseBox, type CaseItem } from './queries.ts';
