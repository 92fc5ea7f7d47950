import { expect, test } from 'vitest';
import { followersText } from '../../src/features/streams/followers.ts';

test('followers show as k above 1000, with one decimal below 100k', () => {
  expect([0, 999, 1000, 1001, 1250, 12_345, 99_960, 150_400, 2_500_000].map(followersText)).toEqual(['0', '999', '1000', '1k', '1.3k', '12.3k', '100k', '150k', '2500k']);
});
