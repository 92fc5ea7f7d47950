/**
 * Compensation (document 1 notification type compensation, document 2 history type
 * compensation): support credits a player from the house's compensation account. The sim
 * console's form is the support desk; the player sees the balance toast labelled
 * Compensation and the entry in the wallet history.
 */
import { operatorRoute } from '../../auth/sim-operator.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NumericError, z, type Envelope } from '../../../src/contract/index.ts';
import { parseCoinsToCents, toHash } from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { answer, fromForm, parseBody } from '../../rpc/console-http.ts';
import type { Services } from '../../rpc/context.ts';
import { findUserByName } from '../../kernel/users.ts';

/** The house account compensations are paid from (it may run below zero: it is the house's cost). */
export const COMPENSATION_HOUSE = { house: 'compensation' } as const;

const CompensateBody = z.object({
  /** The player's name. */
  name: z.string().check(z.maxLength(25)),
  /** Coins as typed ("12.50"). */
  coins: z.string().check(z.maxLength(12)),
  /** One per form: a second submit of the same form pays nothing more. */
  stamp: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected a stamp'))),
});

/** What a compensation answers. */
export interface Compensation {
  user_hash: string;
  amount: number;
  entry: string;
}

/** Pays a compensation; 0, negative, malformed amounts and unknown players are refused before anything moves. */
export async function compensate(s: Services, body: unknown): Promise<Compensation> {
  const input = parseBody(CompensateBody, body);
  const amount = parseCoinsToCents(input.coins);
  if (!amount || amount <= 0) throw new AppError(NumericError.INPUT_ERROR, 'coins: expected a positive amount with at most two decimals');
  const user = await findUserByName(s.db, input.name.trim());
  if (!user) throw new AppError(NumericError.NOT_FOUND, 'User not found.');
  const { stamp } = input;
  return s.db.transaction(async (tx: Tx) => {
    if (stamp) {
      const prior = await tx.get<{ response: string }>("SELECT response FROM idempotency WHERE user_id = ? AND stamp = ? AND method = 'sim.compensate'", user.id, stamp);
      if (prior) return JSON.parse(prior.response) as Compensation;
    }
    const { hash } = await s.ledger.transfer(tx, { from: COMPENSATION_HOUSE, to: { user: user.id }, amount, type: 'compensation', ref: 'support' });
    const result: Compensation = { user_hash: toHash(user.id), amount, entry: hash };
    if (stamp) await tx.run("INSERT INTO idempotency (user_id, stamp, method, response, created_at) VALUES (?, ?, 'sim.compensate', ?, ?)", user.id, stamp, JSON.stringify(result), s.config.now());
    return result;
  });
}

/** The console's form: its own section of /api/sim/payments. */
export function compensationForm(stamp: string): string {
  return `
  <h2>Compensate a player</h2>
  <form method="post" action="/api/sim/compensations" class="row">
    <input type="hidden" name="stamp" value="${stamp}">
    <div><label for="comp-name">Player</label><input id="comp-name" name="name" required></div>
    <div><label for="comp-coins">Coins</label><input id="comp-coins" name="coins" inputmode="decimal" value="10" required></div>
    <button>Compensate</button>
  </form>`;
}

/** POST /api/sim/compensations: a form answers with the console, a JSON caller with the envelope. */
export function registerCompensation(app: FastifyInstance, s: Services, afterForm: (reply: FastifyReply, result: Envelope<unknown>, notice: string) => unknown): void {
  app.post('/api/sim/compensations', operatorRoute(s.config), async (request: FastifyRequest, reply) => {
    const result = await answer(() => compensate(s, request.body));
    return fromForm(request) ? afterForm(reply, result, 'response' in result ? `Compensated ${result.response.user_hash}: entry ${result.response.entry}` : '') : result;
  });
}
