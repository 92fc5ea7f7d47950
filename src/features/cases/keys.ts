/** Query keys of the case catalogue: the first page's shell needs them apart from the pages' queries (queries.ts). */
export const caseKeys = {
  all: ['cases'] as const,
  list: ['cases', 'list'] as const,
  one: (key: string) => ['cases', 'box', key] as const,
  /** A personal unbox game: under the session's keys, so sign-out drops it. */
  game: (token: string) => ['session', 'unbox', token] as const,
};
