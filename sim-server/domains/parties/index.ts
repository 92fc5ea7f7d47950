/**
 * Stream parties (document 3; docs/decisions/0027): the runner ticking every second, the
 * event-party.* and party partnership-plus methods, and the sim console's official party.
 */
import type { FastifyInstance } from 'fastify';
import { NumericError, PARTY_MODES, describeIssues, z } from '../../../src/contract/index.ts';
import { OFFICIAL_INVITE_CODE, toHash } from '../../../src/core/index.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { everyOwned } from '../../cluster/timers.ts';
import { AppError } from '../../errors.ts';
import type { Domain, Services } from '../../rpc/context.ts';
import { findUserByName } from '../../kernel/users.ts';
import { countPartyDeposit } from './deposit-goals.ts';
import { partyHandlers } from './methods.ts';
import { advanceParty, partyTick } from './runner.ts';
import { OFFICIAL_PRIZES, createParty, openParty } from './store.ts';

/** How often the runner advances open parties. */
export const PARTY_TICK_MS = 1_000;

const OfficialBody = z.object({
  host: z.string().check(z.maxLength(25)),
  mode: z.optional(z.enum(PARTY_MODES)),
  /** Each tier's requirement in the mode, comma-separated (default 0: everyone). */
  required: z.optional(z.string().check(z.regex(/^\d{1,3}(,\d{1,3}){0,2}$/, 'expected up to three numbers'))),
});

const AdvanceBody = z.object({ minutes: z.coerce.number().check(z.int(), z.gte(1), z.lte(60)) });

/** Moves an open party's air time on by the body's minutes and runs it; answers the envelope. */
async function advanceBy(s: Services, id: string, body: unknown) {
  const parsed = z.safeParse(AdvanceBody, body ?? {});
  if (!parsed.success) return { error: { error_code: NumericError.INPUT_ERROR, error_msg: describeIssues(parsed.error.issues, body) } };
  try {
    return {
      response: await s.db.transaction(async (tx) => {
        const party = await openParty(tx, id);
        await tx.run('UPDATE stream_parties SET air_time = air_time + ? WHERE id = ?', parsed.data.minutes * 60_000, party.id);
        await advanceParty(tx, s, party.id);
        return { air_time: (await tx.get<{ air_time: number }>('SELECT air_time FROM stream_parties WHERE id = ?', party.id))!.air_time };
      }),
    };
  } catch (error) {
    if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
    throw error;
  }
}

/** Opens an official party hosted by a player (the operator's; prizes from the house). */
export async function startOfficialParty(s: Services, input: z.output<typeof OfficialBody>) {
  const host = await findUserByName(s.db, input.host) ?? (() => { throw new AppError(NumericError.NOT_FOUND, 'User not found.'); })();
  return s.db.transaction(async (tx) => {
    const { party } = await createParty(tx, s, host, {
      official: true,
      mode: input.mode ?? 'level',
      minWagered: 0,
      minPeriodMs: 86_400_000,
      minLevel: 0,
      inviteCode: OFFICIAL_INVITE_CODE,
      background: null,
      required: (input.required ?? '0,0,0').split(',').map(Number),
      budgets: OFFICIAL_PRIZES,
    });
    await advanceParty(tx, s, party.id);
    return { id: toHash(party.id) };
  });
}

async function registerParties(app: FastifyInstance, s: Services): Promise<void> {
  await everyOwned(app, s.timers, 'party step', PARTY_TICK_MS, () => partyTick(s));
  if (!s.config.simMode) return;
  // The operator moves a party's air time on (a demo or a browser test need not wait 10 minutes on air).
  app.post('/api/sim/parties/:id/advance', operatorRoute(s.config), async (request, reply) => reply.send(await advanceBy(s, (request.params as { id: string }).id, request.body)));
  app.post('/api/sim/parties', operatorRoute(s.config), async (request, reply) => {
    const form = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let result;
    try {
      const parsed = z.safeParse(OfficialBody, request.body ?? {});
      if (!parsed.success) throw new AppError(NumericError.INPUT_ERROR, describeIssues(parsed.error.issues, request.body));
      result = { response: await startOfficialParty(s, parsed.data) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = { error: { error_code: error.code, error_msg: error.message } };
    }
    if (!form) return result;
    const notice = 'error' in result ? result.error.error_msg : 'The official party is open';
    return reply.redirect(`/api/sim/streams?notice=${encodeURIComponent(notice)}`, 303);
  });
}

export const parties: Domain = { handlers: partyHandlers, register: registerParties, onLedgerEntry: countPartyDeposit };
