/** partnership-plus race calls: make, change, cancel, list and show a partner's races. */
import { NumericError, PARTNER_RACE_COLOURS, PARTNER_RACE_CATEGORIES, type PartnerRace, type z } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/index.ts';
import { mapInOrder, type Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { findUserById } from '../../kernel/users.ts';
import {
  RACE_MAX_DURATION_S,
  RACE_MIN_DURATION_S,
  RACE_MIN_PRIZE,
  cancelRace,
  changeRace,
  createRace,
  racesPage,
  standings,
  visibleRace,
  type RaceInput,
  type RaceRow,
} from './races.ts';

const PAGE_SIZE = 20;

async function raceView(db: Pick<Db, 'get'>, race: RaceRow): Promise<z.output<typeof PartnerRace>> {
  const partner = (await findUserById(db, race.partner_id))!;
  return {
    id: toHash(race.id),
    name: race.name,
    category: race.category,
    prize: race.prize,
    starts_at: Math.floor(race.starts_at / 1000),
    ends_at: Math.floor(race.ends_at / 1000),
    status: race.status,
    partner: { hash: toHash(partner.id), name: partner.display_name },
  };
}

function raceId(hash: string): number {
  const id = parseHash(hash);
  if (id === null) fail(NumericError.INPUT_ERROR, 'id: expected a race hash');
  return id;
}

const input = (p: { name: string; category: number; prize: number; duration: number }): RaceInput => ({ ...p, category: p.category as RaceInput['category'] });

export const raceHandlers: Handlers = {
  'partnership-plus.race-metadata': () => ({
    categories: PARTNER_RACE_CATEGORIES.map((value) => ({ value, colour: PARTNER_RACE_COLOURS[value] })),
    min_duration: RACE_MIN_DURATION_S,
    max_duration: RACE_MAX_DURATION_S,
    min_prize_per_5: RACE_MIN_PRIZE,
  }),
  'partnership-plus.create-race': (params, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => ({ race: await raceView(tx, await createRace(tx, ctx.ledger, user, input(params), ctx.config.now())) }));
  },
  'partnership-plus.change-race': (params, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => ({ race: await raceView(tx, await changeRace(tx, ctx.ledger, user, raceId(params.id), input(params), ctx.config.now())) }));
  },
  'partnership-plus.cancel-race': ({ id }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => ({ race: await raceView(tx, await cancelRace(tx, ctx.ledger, user, raceId(id), ctx.config.now())) }));
  },
  'partnership-plus.race': async ({ id }, ctx) => {
    const race = await visibleRace(ctx.db, raceId(id), requireUser(ctx).id);
    return { race: await raceView(ctx.db, race), standings: await standings(ctx.db, race) };
  },
  'partnership-plus.races': async ({ offset, count }, ctx) => {
    const user = requireUser(ctx);
    const beforeId = offset ? raceId(offset) : null;
    // A partner sees their own races; a referral sees the races of their partner.
    const own = (await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM partner_races WHERE partner_id = ?', user.id))!.n > 0;
    const partnerId = own ? user.id : (await ctx.db.get<{ partner_id: number }>('SELECT partner_id FROM referrals WHERE user_id = ?', user.id))?.partner_id;
    if (partnerId === undefined) return { races: [], has_more: false };
    const size = count ?? PAGE_SIZE;
    const rows = await racesPage(ctx.db, partnerId, { beforeId, count: size + 1 });
    return { races: await mapInOrder(rows.slice(0, size), (r) => raceView(ctx.db, r)), has_more: rows.length > size };
  },
};
