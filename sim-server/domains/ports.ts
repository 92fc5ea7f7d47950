/**
 * The interfaces one domain serves another through, filled here at wiring time (beside
 * domains/index.ts, above every domain). Each is declared by the domain that uses it, in its
 * own file, so the lower domain imports nothing of the one that serves it (docs/design.md
 * section 3, docs/decisions/0055).
 */
import type { DomainRuntimes } from '../rpc/context.ts';
import { redeemWalletGift } from './payments/gift-methods.ts';
import { addBonusExperience, boostedWager, EXP_PER_CENT } from './progression/experience.ts';
import { claimLevelReward, levelRewardOf } from './progression/rewards.ts';

/** The ports buildApp adds to the services: boosters' view of progression, partnership's of the wallet's gift codes. */
export function domainPorts(): Pick<DomainRuntimes, 'boosterProgression' | 'walletGifts'> {
  return {
    boosterProgression: { expPerCent: EXP_PER_CENT, boostedWager, addBonusExperience, levelRewardOf, claimLevelReward },
    walletGifts: { redeem: redeemWalletGift },
  };
}
