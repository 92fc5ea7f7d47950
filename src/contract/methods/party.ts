import { method } from '../define.ts';
import { choice, hashId, int, text, z } from '../wire.ts';

/** A party's invite (dress) code: free text, never empty. */
const inviteCode = () => text(1, 64);
/** Wager condition options in cents (document 3 section 5). */
const WAGER_OPTIONS = [500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 150000, 200000];
/** Wager period options in days (document 3 section 5; default 5). */
const PERIOD_DAYS = [1, 3, 5, 10, 14, 30];

/** Stream parties (document 3 section 7). */
export const partyMethods = {
  'event-party.lobby': method({
    doc: 'The open stream parties and their hosts (CORE_EVENT_PARTY_LOBBY batch at load); payload not shown.',
    access: 'public',
    planned: true,
    input: z.looseObject({}),
    output: z.object({ parties: z.unknown(), users: z.unknown() }),
  }),
  'event-party.get': method({
    doc: 'One stream party with its tiers, goals, conditions and participation.',
    access: 'public',
    planned: true,
    input: z.object({ id: hashId() }),
    output: z.object({ party: z.unknown() }),
  }),
  'event-party.get-tier': method({
    doc: "One tier of a party with its members and fairness data.",
    access: 'public',
    planned: true,
    input: z.object({ id: hashId(), number: int().check(z.gte(1)) }),
    output: z.object({ tier: z.unknown() }),
  }),
  'event-party.join': method({
    doc: 'Joins a party with its invite code (official parties use "skinfans"); answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ id: hashId(), invite_code: inviteCode() }),
    output: z.unknown(),
  }),
  'event-party.disband': method({
    doc: 'The host of an unofficial party disbands it; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ id: hashId() }),
    output: z.unknown(),
  }),
  'event-party.update-settings': method({
    doc: "The host sets the join conditions: wager (cents) within a period (days), minimum level, dress code; answer not shown.",
    access: 'user',
    planned: true,
    input: z.object({
      id: hashId(),
      min_wagered: choice(WAGER_OPTIONS),
      min_period: choice(PERIOD_DAYS),
      min_level: int().check(z.gte(0), z.lte(140)),
      invite_code: inviteCode(),
    }),
    output: z.unknown(),
  }),
};
