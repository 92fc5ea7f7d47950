import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * docs/design.md section 8: a page that shows server data has its route load it, over the query
 * options the page reads, so a hovered link fetches it ahead and the router's one pending and
 * error view covers it. The route files of the main pages; adding a page with data means adding
 * it here.
 */
const MAIN_ROUTES = [
  'index.tsx',
  'cases.tsx',
  'case/$caseId/index.tsx',
  'case/$caseId/$gameId.tsx',
  'case/table/default/$id.tsx',
  'battles/index.tsx',
  'battles/history.tsx',
  'battle/$gameId.tsx',
  'battle/create.tsx',
  'chicken/index.tsx',
  'chicken/$gameId.tsx',
  'dice/index.tsx',
  'dice/$gameId.tsx',
  'rewards.tsx',
  'battlepass/index.tsx',
  'battlepass/done.tsx',
  'battlepass/purchase.tsx',
  'event/race/index.tsx',
  'event/race/$period.tsx',
  'provably-fair/$hash.tsx',
  'provably-fair/battles/$hash.tsx',
  'provably-fair/chicken/$hash.tsx',
  'provably-fair/dice/$token.tsx',
  'provably-fair/randomorg.tsx',
  'provably-fair/rain/$hash.tsx',
  'provably-fair/steal/$hash.tsx',
  'wallet/route.tsx',
  'wallet/index.tsx',
  'wallet/history.tsx',
  'wallet/withdraw.tsx',
  'inventory/index.tsx',
  '@{$name}/index.tsx',
  '@{$name}/achievements.tsx',
  'streams.tsx',
  'partnership/index.tsx',
  'partnership/tiers.tsx',
  'partnership/members.tsx',
  'partnership/@{$name}/index.tsx',
  'partnership/@{$name}/referrals.tsx',
  'partnership/@{$name}/races.tsx',
  'partnership/@{$name}/race/$id/index.tsx',
  'partnership/@{$name}/race/$id/edit.tsx',
  'affiliates.tsx',
  'arena.tsx',
];

const routes = resolve(import.meta.dirname, '../../src/routes');
const source = (file: string) => readFileSync(join(routes, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('the main pages load their data in their route', () => {
  test('every listed route file exists', () => {
    expect(MAIN_ROUTES.filter((file) => !existsSync(join(routes, file)))).toEqual([]);
  });

  test('every main route declares a loader', () => {
    expect(MAIN_ROUTES.filter((file) => !/^\s*loader\s*:/m.test(source(file)))).toEqual([]);
  });

});
