/** partnership-plus-admin.members: the staff's list of partners and club members (docs/decisions/0022). */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { hasTag } from '../../kernel/users.ts';

/** Scope from which staff see the members list (document 3). */
const MEMBERS_MIN_SCOPE = 2;

export const memberHandlers: Handlers = {
  'partnership-plus-admin.members': async ({ offset, count }, ctx) => {
    const user = requireUser(ctx);
    if (user.scope < MEMBERS_MIN_SCOPE && !hasTag(user, 'marketing')) fail(NumericError.ACCESS_DENIED, 'The members list is for partnership staff');
    const before = offset ? parseHash(offset) : null;
    if (offset && before === null) fail(NumericError.INPUT_ERROR, 'offset must be a member hash');
    const pageSize = count ?? 20;
    // Tags are a JSON array of plain words, so a quoted match finds the tag and nothing longer.
    const rows = await ctx.db.all<{ id: number; name: string; tags: string; code: string | null; referrals: number; wagered: number | null; accrued_milli: number | null }>(
      `SELECT u.id, u.name, u.tags, c.code, (SELECT COUNT(*) FROM referrals r WHERE r.partner_id = u.id) AS referrals, e.wagered, e.accrued_milli
         FROM users u LEFT JOIN partner_codes c ON c.partner_id = u.id LEFT JOIN partner_earnings e ON e.partner_id = u.id
        WHERE (u.tags LIKE '%"partner"%' OR u.tags LIKE '%"club_member"%') AND u.id < ?
        ORDER BY u.id DESC LIMIT ?`,
      before ?? Number.MAX_SAFE_INTEGER, pageSize + 1,
    );
    return {
      members: rows.slice(0, pageSize).map((r) => ({
        hash: toHash(r.id), name: r.name, code: r.code ?? r.name, tags: JSON.parse(r.tags) as string[],
        referrals: r.referrals, wagered: r.wagered ?? 0, earned: Math.max(0, Math.floor((r.accrued_milli ?? 0) / 1000)),
      })),
      has_more: rows.length > pageSize,
    };
  },
};
