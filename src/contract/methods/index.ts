import { builtOnUse, type MethodDef } from '../define.ts';
import type { z } from '../wire.ts';
import { accountMethods } from './account.ts';
export { BREAK_MAX_S, BREAK_MIN_S } from './account.ts';
import { arenaMethods } from './arena.ts';
export { ArenaStatistics, ArenaToday, BiggestDrop, OnlineCount } from './arena-figures.ts';
import { batchMethods } from './batch.ts';
import { caseTableMethods } from './case-table.ts';
import { caseMethods } from './cases.ts';
export { CASE_TABLE_DROPS, CaseTable } from './case-table.ts';
import { chatMethods } from './chat.ts';
import { chickenMethods } from './chicken.ts';
export { CHICKEN_RISKS, ChickenFeedEntry, ChickenGame, ChickenStep } from './chicken.ts';
import { connectMethods } from './connect.ts';
import { diceMethods } from './dice.ts';
export { DICE_SIDES, DiceAuto, DiceFeedEntry, DiceRoll } from './dice.ts';
export { ConnectAnswers } from './connect.ts';
export { MAX_BATCH } from './batch.ts';
export { CARD_DEPOSIT_LIMITS, CARD_METHODS, GIFT_CARD_METHODS, SKIN_METHODS, WITHDRAW_LIMITS } from './wallet.ts';
import { fairnessMethods } from './fairness.ts';
import { inventoryMethods } from './inventory.ts';
import { partnershipMethods } from './partnership.ts';
import { partyMethods, partyPartnerMethods } from './party.ts';
export { PARTY_FUEL_OPTIONS, PARTY_MODES, PARTY_PERIOD_DAYS, PARTY_TIERS, PARTY_WAGER_OPTIONS, PartySettings, PartyTier, PartyTierDetail, PartyUser, StreamParty, type PartyMode } from './party.ts';
import { progressionMethods } from './progression.ts';
import { raceMethods } from './race.ts';
export { RacePeriod, RacePlace } from './race.ts';
import { radioMethods } from './radio.ts';
export { RadioSlot, RadioSound, RadioState } from './radio.ts';
import { rewardMethods } from './rewards.ts';
import { securityMethods } from './security.ts';
import { streamMethods } from './stream.ts';
export { LiveStream } from './stream.ts';
import { supportMethods } from './support.ts';
export { SUPPORT_LIMITS, SupportMessage, SupportThread } from './support.ts';
import { walletMethods } from './wallet.ts';

/** Every RPC method of the wire, by name; a method's schemas are built when it is first read. */
export const Methods = builtOnUse({
  ...batchMethods,
  ...connectMethods,
  ...accountMethods,
  ...securityMethods,
  ...fairnessMethods,
  ...walletMethods,
  ...arenaMethods,
  ...caseMethods,
  ...caseTableMethods,
  ...chickenMethods,
  ...diceMethods,
  ...inventoryMethods,
  ...progressionMethods,
  ...raceMethods,
  ...rewardMethods,
  ...chatMethods,
  ...radioMethods,
  ...partyMethods,
  ...partnershipMethods,
  ...partyPartnerMethods,
  ...streamMethods,
  ...supportMethods,
} satisfies Record<string, () => MethodDef>);

/** A method name the wire knows. */
export type MethodName = keyof typeof Methods;
/** What a caller sends (before coercion). */
export type MethodInput<N extends MethodName> = z.input<(typeof Methods)[N]['input']>;
/** What a handler receives (after coercion). */
export type MethodParams<N extends MethodName> = z.output<(typeof Methods)[N]['input']>;
/** What the method answers. */
export type MethodResult<N extends MethodName> = z.output<(typeof Methods)[N]['output']>;

/** Whether a name is a method of the wire. */
export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(Methods, name);
}
