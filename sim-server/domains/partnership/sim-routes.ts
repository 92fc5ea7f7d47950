/**
 * The sim console's partnership tools (sim mode only): make a player a partner or club
 * member, and send them referred traffic so their dashboard has figures within a minute.
 * Traffic goes through the real methods (visit, apply code, open cases) by the dispatcher,
 * so every figure it makes is counted as a player's would be.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NumericError, flag, z } from '../../../src/contract/index.ts';
import { toHash } from '../../../src/core/index.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { AppError } from '../../errors.ts';
import { answer, backTo, fromForm, parseBody } from '../../rpc/console-http.ts';
import type { Caller, Dispatch, Services } from '../../rpc/context.ts';
import { codeOf } from './codes.ts';
import { createUser, findUserByName, hasTag, setTag } from '../../kernel/users.ts';

const TagBody = z.object({
  name: z.string().check(z.maxLength(25)),
  /** marketing: partnership staff, who see /partnership/members. */
  tag: z.enum(['partner', 'club_member', 'marketing']),
  on: z.optional(flag()),
});
const TrafficBody = z.object({
  name: z.string().check(z.maxLength(25)),
  /** New players who visit the invite link and take the code. */
  signups: z.coerce.number().check(z.int(), z.gte(1), z.lte(200)),
  /** Cases each of them opens. */
  wagers: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(20))),
});
/** Traffic opens only cases up to this price (cents), so a new player's start balance lasts. */
const TRAFFIC_MAX_CASE_PRICE = 2_000;

/** A fresh referral's name under the username rules. */
const referralName = () => `ref${randomBytes(6).toString('hex')}`;

/** Registers /api/sim/partners/* in sim mode. */
export function registerPartnerSim(app: FastifyInstance, s: Services, dispatch: Dispatch): void {
  if (!s.config.simMode) return;
  // They make players partners and money move: the console operator's alone, as every /api/sim route.
  const operator = operatorRoute(s.config);
  // The methods a referral's traffic calls (cases, unbox, partnership), checked and run by the
  // server's dispatcher as the RPC route runs them.
  const call = async <T>(name: string, params: unknown, caller: Caller): Promise<T> => {
    const result = await dispatch(name, params, caller);
    if ('error' in result) throw new AppError(result.error.error_code, `${name}: ${result.error.error_msg}`);
    return result.response as T;
  };
  const after = backTo('/api/sim/payments');
  const partnerOf = async (name: string) => await findUserByName(s.db, name) ?? (() => { throw new AppError(NumericError.NOT_FOUND, 'User not found.'); })();

  app.post('/api/sim/partners/tag', operator, async (request, reply) => {
    const result = await answer(async () => {
      const body = parseBody(TagBody, request.body);
      const user = await partnerOf(body.name);
      await s.db.transaction((tx) => setTag(tx, user.id, body.tag, body.on ?? true));
      return { user_hash: toHash(user.id), tag: body.tag, on: body.on ?? true };
    });
    return fromForm(request) ? after(reply, result, 'Tagged: they open /partnership/@name') : result;
  });

  app.post('/api/sim/partners/traffic', operator, async (request, reply) => {
    const result = await answer(async () => {
      const body = parseBody(TrafficBody, request.body);
      const partner = await partnerOf(body.name);
      if (!hasTag(partner, 'partner') && !hasTag(partner, 'club_member')) throw new AppError(NumericError.INPUT_ERROR, 'name: tag the player partner or club member first');
      const visitor: Caller = { user: null, sessionId: null, ip: '127.0.0.1' };
      const { listing } = await call<{ listing: { hash: string; price: number }[] }>('arena-case.listing', { fields: 'enabled' }, visitor);
      const boxes = listing.filter((box) => box.price <= TRAFFIC_MAX_CASE_PRICE);
      const code = await codeOf(s.db, partner);
      let wagers = 0;
      for (let i = 0; i < body.signups; i++) {
        await call('partnership.visit', { code }, visitor);
        const user = await s.db.transaction((tx) => createUser(tx, s.ledger, { name: referralName(), passwordHash: null, providerId: null, startBalance: s.config.startBalance, now: s.config.now() }));
        const caller: Caller = { user, sessionId: null, ip: '127.0.0.1' };
        await call('partnership.activateCode', { code }, caller);
        for (let w = 0; w < (body.wagers ?? 3) && boxes.length > 0; w++) {
          const box = boxes[Math.floor(Math.random() * boxes.length)]!;
          await call('arena-unbox.create', { box_hash: box.hash, count: 1 }, caller);
          wagers++;
        }
      }
      return { signups: body.signups, wagers };
    });
    return fromForm(request) ? after(reply, result, 'Referred traffic sent') : result;
  });
}
