/**
 * Account badges (docs/decisions/0024): which a player owns, the one shown beside the name,
 * and grants. Achievement badges are owned while the achievement is held; the others are
 * account_badges rows written by grantBadge, the one door other areas (partners' referral
 * badges, staff) use to give one.
 */
import { NumericError } from '../../../src/contract/index.ts';
import { BADGES, badgeOf, type GrantedBadgeKey } from '../../../src/core/badges.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';

/** One owned badge as account.badges answers it. */
export interface OwnedBadge {
  key: string;
  title: string;
  rarity: string;
  source: 'achievement' | 'grant';
  how: string;
  /** When the player got it (ms). */
  since: number;
}

/** The badges a player owns, in catalogue order. */
export async function ownedBadges(db: Pick<Db, 'all'>, userId: number): Promise<OwnedBadge[]> {
  const since = new Map<string, number>();
  for (const r of await db.all<{ name: string; at: number }>('SELECT name, issued_at AS at FROM achievements WHERE user_id = ?', userId)) since.set(r.name, r.at);
  const granted = new Map((await db.all<{ badge: string; at: number }>('SELECT badge, granted_at AS at FROM account_badges WHERE user_id = ?', userId)).map((r) => [r.badge, r.at]));
  return BADGES.flatMap((b) => {
    const at = b.source === 'achievement' ? since.get(b.key) : granted.get(b.key);
    return at === undefined ? [] : [{ key: b.key, title: b.title, rarity: b.rarity, source: b.source, how: b.how, since: at }];
  });
}

/** Gives a player a granted badge (once; a second grant changes nothing). Answers whether it was new. */
export async function grantBadge(tx: Tx, userId: number, key: GrantedBadgeKey, source: string, now: number): Promise<boolean> {
  return (await tx.run('INSERT INTO account_badges (user_id, badge, source, granted_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', userId, key, source, now)).changes > 0;
}

/** Takes a granted badge back; the player stops showing it if it was shown. */
export async function revokeBadge(tx: Tx, userId: number, key: GrantedBadgeKey): Promise<void> {
  await tx.run('DELETE FROM account_badges WHERE user_id = ? AND badge = ?', userId, key);
  await tx.run('UPDATE users SET badge = NULL WHERE id = ? AND badge = ?', userId, key);
}

/** account.set-badge: shows a badge the player owns; anything else is refused and nothing changes. */
export async function setBadge(tx: Tx, userId: number, key: string): Promise<void> {
  if (!badgeOf(key)) fail(NumericError.INVALID_DATA, 'Unknown badge');
  if (!(await ownedBadges(tx, userId)).some((b) => b.key === key)) fail(NumericError.INVALID_DATA, 'You do not own this badge');
  await tx.run('UPDATE users SET badge = ? WHERE id = ?', key, userId);
}
