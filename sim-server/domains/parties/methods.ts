/** event-party.* and the partnership-plus methods that feed parties (docs/decisions/0027). */
import { NamedError, NumericError, PARTY_TIERS, type PartyMode, type z, type PartySettings } from '../../../src/contract/index.ts';
import { OFFICIAL_INVITE_CODE, parseHash, toHash } from '../../../src/core/index.ts';
import { mapInOrder, type Db, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { hasTag, type UserRow } from '../../kernel/users.ts';
import { kickAccountOf } from '../partnership/kick.ts';
import { advanceParty } from './runner.ts';
import {
  DEFAULT_CONDITIONS, FUEL_SPLIT, PARTY_HOUSE, announce, closeParty, createParty, memberCount, openParty, partyOut, referrerOf, statsOf,
  tierOut, tiersOf, type PartyRow, wageredUnderCode,
} from './store.ts';

const DAY_S = 86_400;

interface SettingsRow {
  min_wagered: number;
  min_period: number;
  min_level: number;
  invite_code: string;
  mode: PartyMode;
  required: string;
  background: string | null;
}

/** Partnership plus is for partners and club members (as the dashboard). */
function requirePartner(ctx: CallContext): UserRow {
  const user = requireUser(ctx);
  if (!hasTag(user, 'partner') && !hasTag(user, 'club_member')) fail(NamedError.DASHBOARD_ACCESS_DENIED, 'Partnership plus is for partners and club members');
  return user;
}

const inClub = async (db: Pick<Db, 'get'>, userId: number) => await db.get('SELECT 1 AS n FROM stream_club WHERE user_id = ?', userId) !== undefined;
const openOf = (db: Pick<Db, 'get'>, hostId: number) => db.get<PartyRow>("SELECT * FROM stream_parties WHERE host_id = ? AND status <> 'closed'", hostId);

async function settingsRow(db: Pick<Db, 'get'>, user: UserRow): Promise<SettingsRow> {
  return (
    await db.get<SettingsRow>('SELECT * FROM party_settings WHERE partner_id = ?', user.id) ?? {
      min_wagered: DEFAULT_CONDITIONS.min_wagered,
      min_period: DEFAULT_CONDITIONS.min_period_days * DAY_S,
      min_level: DEFAULT_CONDITIONS.min_level,
      invite_code: user.name,
      mode: 'level',
      required: JSON.stringify([0, 0, 0]),
      background: null,
    }
  );
}

async function settingsOut(db: Pick<Db, 'get'>, user: UserRow): Promise<z.output<typeof PartySettings>> {
  const row = await settingsRow(db, user);
  const open = await openOf(db, user.id);
  return {
    min_wagered: row.min_wagered,
    min_period: Math.round(row.min_period / DAY_S),
    min_level: row.min_level,
    invite_code: row.invite_code,
    mode: row.mode,
    required: JSON.parse(row.required) as number[],
    background: row.background,
    stream_club: await inClub(db, user.id),
    party: open ? toHash(open.id) : null,
  };
}

async function saveSettings(tx: Tx, user: UserRow, row: SettingsRow): Promise<void> {
  await tx.run(
    `INSERT INTO party_settings (partner_id, min_wagered, min_period, min_level, invite_code, mode, required, background) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (partner_id) DO UPDATE SET min_wagered = excluded.min_wagered, min_period = excluded.min_period, min_level = excluded.min_level,
       invite_code = excluded.invite_code, mode = excluded.mode, required = excluded.required, background = excluded.background`,
    user.id, row.min_wagered, row.min_period, row.min_level, row.invite_code, row.mode, row.required, row.background,
  );
}

/** Sets an open party's join conditions; the caller checked the host. */
async function setConditions(tx: Tx, ctx: CallContext, party: PartyRow, c: { min_wagered: number; min_period: number; min_level: number; invite_code: string }): Promise<void> {
  await tx.run('UPDATE stream_parties SET min_wagered = ?, min_period = ?, min_level = ?, invite_code = ? WHERE id = ?', c.min_wagered, c.min_period * DAY_S, c.min_level, c.invite_code, party.id);
  await announce(tx, ctx, party.id);
}

/** The parties a player may see: official ones; a referral also their partner's; a partner only their own. */
async function visibleParties(ctx: CallContext): Promise<PartyRow[]> {
  const open = await ctx.db.all<PartyRow>("SELECT * FROM stream_parties WHERE status <> 'closed' ORDER BY official DESC, id DESC");
  const user = ctx.user;
  if (!user) return open.filter((p) => p.official === 1);
  if (hasTag(user, 'partner') || hasTag(user, 'club_member')) return open.filter((p) => p.host_id === user.id);
  const partner = (await referrerOf(ctx.db, user.id))?.partner_id;
  return open.filter((p) => p.official === 1 || p.host_id === partner);
}

export const partyHandlers: Handlers = {
  'event-party.lobby': async (_params, ctx) => {
    const parties = await mapInOrder((await visibleParties(ctx)), (p) => partyOut(ctx.db, ctx, p, ctx.user));
    const users = [...new Map(parties.map((p) => [p.host.hash, p.host])).values()];
    return { parties, users };
  },
  'event-party.get': async ({ id }, ctx) => ({ party: await partyOut(ctx.db, ctx, await openParty(ctx.db, id), ctx.user) }),
  'event-party.get-tier': async ({ id, number }, ctx) => {
    const party = await ctx.db.get<PartyRow>('SELECT * FROM stream_parties WHERE id = ?', parseHash(id) ?? 0) ?? fail(NumericError.NOT_FOUND, 'Stream party not found');
    const tier = (await tiersOf(ctx.db, party.id)).find((t) => t.number === number) ?? fail(NumericError.NOT_FOUND, 'Tier not found');
    return { tier: await tierOut(ctx.db, ctx, party, tier) };
  },
  'event-party.join': ({ id, invite_code }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) => {
      const party = await openParty(tx, id);
      if (party.host_id === user.id) fail(NumericError.INVALID_DATA, 'You host this party');
      if (party.official) {
        if (invite_code.toLowerCase() !== OFFICIAL_INVITE_CODE) fail(NumericError.INVALID_CODE, 'Wrong invite code');
      } else {
        if ((await referrerOf(tx, user.id))?.partner_id !== party.host_id) fail(NumericError.ACCESS_DENIED, 'You must be a referral of the streamer to be able to join the Party.');
        if (invite_code !== party.invite_code) fail(NumericError.INVALID_CODE, 'Wrong invite code');
        const now = ctx.config.now();
        const level = (await statsOf(tx, party, user, now)).level;
        if (level < party.min_level) fail(NumericError.INVALID_DATA, `The party takes players from level ${party.min_level}; you are level ${level}`);
        const wagered = await wageredUnderCode(tx, user.id, party.host_id, party.min_period * 1000, now);
        if (wagered < party.min_wagered) fail(NumericError.INVALID_DATA, `Wager ${(party.min_wagered / 100).toFixed(2)} coins under the streamer's code within ${Math.round(party.min_period / DAY_S)} days to join (${(wagered / 100).toFixed(2)} so far)`);
      }
      const added = await tx.run('INSERT INTO stream_party_members (party_id, user_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', party.id, user.id, ctx.config.now());
      if (added.changes === 0) fail(NumericError.INVALID_DATA, 'You have already joined this party');
      await announce(tx, ctx, party.id);
      return { success: true as const, participants: await memberCount(tx, party.id) };
    });
  },
  'event-party.disband': ({ id }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => {
      const party = await openParty(tx, id);
      if (party.official || party.host_id !== user.id) fail(NumericError.ACCESS_DENIED, 'Only the host of an unofficial party can disband it');
      return { success: true as const, refunded: await closeParty(tx, ctx, party) };
    });
  },
  'event-party.update-settings': ({ id, ...conditions }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) => {
      const party = await openParty(tx, id);
      if (party.official || party.host_id !== user.id) fail(NumericError.ACCESS_DENIED, 'Only the host of an unofficial party can change its dress code');
      await setConditions(tx, ctx, party, conditions);
      return { success: true as const };
    });
  },

  'partnership-plus.party-settings': (_params, ctx) => settingsOut(ctx.db, requirePartner(ctx)),
  'partnership-plus.change-party-settings': (input, ctx) => {
    const user = requirePartner(ctx);
    return ctx.db.transaction(async (tx) => {
      await saveSettings(tx, user, { ...await settingsRow(tx, user), min_wagered: input.min_wagered, min_period: input.min_period * DAY_S, min_level: input.min_level, invite_code: input.invite_code });
      const open = await openOf(tx, user.id);
      if (open) await setConditions(tx, ctx, open, input);
      return settingsOut(tx, user);
    });
  },
  'partnership-plus.change-party-settings-advanced': ({ mode, required, background }, ctx) => {
    const user = requirePartner(ctx);
    if (mode === 'rank' && required.some((r) => r < 1 || r > 6)) fail(NumericError.INPUT_ERROR, 'required: ranks run from 1 (S) to 6 (E)');
    if (mode === 'race' && required.some((r) => r < 1)) fail(NumericError.INPUT_ERROR, 'required: race places start at 1');
    return ctx.db.transaction(async (tx) => {
      await saveSettings(tx, user, { ...await settingsRow(tx, user), mode, required: JSON.stringify(required.slice(0, PARTY_TIERS)), background: background ?? null });
      return settingsOut(tx, user);
    });
  },
  'partnership-plus.buy-party-fuel': ({ amount }, ctx) => {
    const user = requirePartner(ctx);
    return ctx.moneyTx(async (tx) => {
      if (!await inClub(tx, user.id)) fail(NumericError.ACCESS_DENIED, 'Join the stream club to host parties');
      const settings = await settingsRow(tx, user);
      const { party, cost } = await createParty(tx, ctx, user, {
        official: false,
        mode: settings.mode,
        minWagered: settings.min_wagered,
        minPeriodMs: settings.min_period * 1000,
        minLevel: settings.min_level,
        inviteCode: settings.invite_code,
        background: settings.background,
        required: JSON.parse(settings.required) as number[],
        budgets: FUEL_SPLIT.map((share) => Math.floor((amount * share) / 100)),
      });
      // The partner pays what the prizes cost (never more than the fuel they chose).
      await tx.run('UPDATE stream_parties SET fuel = ? WHERE id = ?', cost, party.id);
      const paid = cost > 0 ? (await ctx.ledger.transfer(tx, { from: { user: user.id }, to: PARTY_HOUSE, amount: cost, type: 'party_fuel', ref: toHash(party.id) })).debitBalance : (await ctx.ledger.split(tx, user.id)).balance;
      await advanceParty(tx, ctx, party.id);
      return { success: true as const, party: toHash(party.id), fuel: cost, balance: paid };
    });
  },
  'partnership-plus.close-party': (_params, ctx) => {
    const user = requirePartner(ctx);
    return ctx.moneyTx(async (tx) => {
      const open = await openOf(tx, user.id) ?? fail(NumericError.INVALID_DATA, 'You have no open party');
      return { success: true as const, refunded: await closeParty(tx, ctx, open) };
    });
  },
  'partnership-plus.join-stream-club': async (_params, ctx) => {
    const user = requirePartner(ctx);
    // A host streams on Kick: the channel linked by partnership-plus.connect-kick (docs/decisions/0028).
    if (!await kickAccountOf(ctx.db, user.id)) fail(NamedError.KICK_ACCOUNT_NOT_LINKED, 'Connect your Kick channel first');
    await ctx.db.run('INSERT INTO stream_club (user_id, joined_at) VALUES (?, ?) ON CONFLICT DO NOTHING', user.id, ctx.config.now());
    return { success: true as const, stream_club: true };
  },
  'partnership-plus.leave-stream-club': (_params, ctx) => {
    const user = requirePartner(ctx);
    return ctx.db.transaction(async (tx) => {
      if (await openOf(tx, user.id)) fail(NumericError.INVALID_DATA, 'Close your open party before leaving the stream club');
      await tx.run('DELETE FROM stream_club WHERE user_id = ?', user.id);
      return { success: true as const, stream_club: false };
    });
  },
};

