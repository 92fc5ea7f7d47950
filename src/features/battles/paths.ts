/**
 * Where a battle lives: its page and its fairness page, addressed by the token for personal
 * battles and by the short hash otherwise. Light on purpose: the header's own-games list
 * (first page) uses it without the battle pages' queries.
 */
import { shortenHash } from '../../core/hash-id.ts';

/** What a battle's address is made of. */
type Addressed = { personal: boolean; token: string; hash: string };

/** The path of a battle's page: the token for personal battles, the short hash otherwise. */
export function battlePath(game: Addressed): string {
  return `/battle/${game.personal ? game.token : shortHash(game.hash)}`;
}

/** The path of a battle's fairness page, addressed the way its page is. */
export function battleFairnessPath(game: Addressed): string {
  return `/provably-fair/battles/${game.personal ? game.token : shortHash(game.hash)}`;
}

/** SF0000000042 -> SF42 (core's shortenHash; anything else as it came). */
export function shortHash(hash: string): string {
  return shortenHash(hash) ?? hash;
}

/** A personal battle's token: 32 letters and digits. */
const TOKEN = /^[A-Za-z0-9]{32}$/;

/** Whether `/battle/{id}` can name a battle: a (short or full) hash, or a personal game's token. */
export function isBattleId(id: string): boolean {
  return TOKEN.test(id) || shortenHash(id) !== null;
}
