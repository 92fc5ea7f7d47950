/**
 * The booster entity (document 1 section 3 'Booster'; docs/decisions/0026). Field names follow
 * the spec, including its spelling `bonus_issued_exprience`.
 */
import { z } from './wire.ts';

/** The seven kinds of the spec, as stored and sent. */
export const BOOSTER_KINDS = ['xp_multiplier', 'rain_boost', 'deposit_bonus', 'battle_refund', 'auto_join', 'auto_claim', 'free_access'] as const;
export type BoosterKind = (typeof BOOSTER_KINDS)[number];

export const BoosterKindSchema = z.enum(BOOSTER_KINDS);

export const Booster = z.lazy(() => z.object({
  hash: z.string(),
  id: z.number(),
  kind: BoosterKindSchema,
  name: z.string(),
  /** ready: owned, not started; active: running. Closed boosters are never listed (history only). */
  status: z.enum(['ready', 'active', 'closed']),
  /** When an active timed booster ends (ms), else null. */
  expires_at: z.nullable(z.number()),
  active: z.boolean(),
  /** The player level activation needs. */
  level: z.number(),
  /** Document 1 section 4: no bonus left or level too low. */
  locked: z.boolean(),
  params: z.object({
    multiplier: z.number(),
    description: z.string(),
    /** How long it runs once activated (ms), null for counted ones. */
    expires: z.nullable(z.number()),
    once: z.boolean(),
    bonus_max: z.nullable(z.number()),
    bonus_left: z.nullable(z.number()),
    bonus_wager_requirement: z.number(),
    max_price: z.nullable(z.number()),
  }),
  process: z.object({
    bonus_issued_exprience: z.number(),
    refund_price: z.number(),
    bonus_issued_reward: z.number(),
    bonus_issued_amount: z.number(),
    bonus_amount: z.number(),
  }),
  render: z.object({ layout_name: z.string(), layout_class: z.string(), colors: z.array(z.string()), gradient: z.string(), image: z.nullable(z.string()), contrast_mode: z.boolean() }),
  created_at: z.number(),
  activated_at: z.nullable(z.number()),
  closed_at: z.nullable(z.number()),
}));
export type Booster = z.output<typeof Booster>;

/** booster.load: the booster state, a map keyed by hash, and resume.boosters_count. */
export const BoosterState = z.lazy(() => z.object({ boosters: z.record(z.string(), Booster), resume: z.object({ boosters_count: z.number() }) }));
