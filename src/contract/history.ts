/**
 * Ledger entry types, as the wallet history shows them (document 2 section 3). The server
 * records these names; the labels stand beside them.
 */
export const HistoryType = [
  'wallet_deposit', 'deposit', 'arena_debit', 'arena_refund', 'unbox_instant_sell', 'instant_sell',
  'promo_code', 'gift_code', 'withdraw', 'wallet_withdraw', 'withdraw_refund', 'wallet_withdraw_returned',
  'battlepass_bought', 'battlepass_upgrade', 'arena_join', 'arena_reward', 'event_leaderboard',
  'event_giveaway', 'arena_sponsor', 'unbox_boxes_bought', 'partnership_cashback', 'partnership_earned',
  'compensation', 'sponsor', 'tip', 'chicken_withdraw', 'chicken_paid', 'reward',
  // Not in the spec's label table; the sim needs them and names them here once.
  'signup_bonus', 'vault_deposit', 'vault_withdraw', 'partner_race_prize', 'partner_race_refund', 'radio_request', 'dice_bet', 'dice_win', 'party_fuel', 'party_fuel_refund', 'party_prize',
  // Booster payouts (docs/decisions/0026).
  'booster_deposit_bonus', 'booster_battle_refund', 'booster_rain_boost',
] as const;
/** One ledger entry type. */
export type HistoryType = (typeof HistoryType)[number];

/** What a partner spends on their partnership (partnership-plus.expenses): race prizes and party fuel held, less refunds. */
export const PARTNER_EXPENSE_TYPES: readonly HistoryType[] = ['partner_race_prize', 'partner_race_refund', 'party_fuel', 'party_fuel_refund'];

/** Balance changes that do not raise a toast (document 1 section 4 'Notices and toasts'). */
export const SILENT_BALANCE_TYPES: readonly string[] = [
  'arena_join', 'arena_reward', 'transfer', 'deposit', 'withdraw', 'partnership_cashback', 'partnership_earned', 'plinko', 'plinko_reward',
  // A game page shows its own result; a toast per chicken step or dice roll would bury it.
  'chicken_paid', 'chicken_withdraw', 'dice_bet', 'dice_win',
];

// Which entries wager (WAGER_TYPES) the game registry says, src/core/games.ts: it is built from
// each game's stake types there, and the contract may not import core.

/** Labels of the entry types (document 2 section 3 'History entry types and labels'): the wallet history and balance toasts. */
const LABELS: Record<string, string> = {
  wallet_deposit: 'Deposit',
  deposit: 'Deposit',
  arena_debit: 'Payment for join the room',
  arena_refund: 'Refund for the Arena',
  unbox_instant_sell: 'Instant sell',
  instant_sell: 'Instant sell',
  promo_code: 'Promo Code',
  gift_code: 'Gift Card',
  withdraw: 'Withdraw',
  wallet_withdraw: 'Withdraw',
  withdraw_refund: 'Withdraw refund',
  wallet_withdraw_returned: 'Withdrawal refund',
  battlepass_bought: 'Buy BP',
  battlepass_upgrade: 'Buy upgrade BP',
  arena_join: 'Joined the Arena',
  arena_reward: 'Game Reward',
  event_leaderboard: 'Leaderboard Reward',
  event_giveaway: 'Giveaway Reward',
  arena_sponsor: 'Sponsored the Arena',
  unbox_boxes_bought: 'Boxes',
  partnership_cashback: 'Cashback',
  partnership_earned: 'Referrals',
  compensation: 'Compensation',
  sponsor: 'Sponsor',
  tip: 'Tip',
  chicken_withdraw: 'Chicken Reward',
  chicken_paid: 'Chicken Bet',
  reward: 'Reward',
  // The sim's own entry types, not in the spec's table.
  signup_bonus: 'Welcome bonus',
  partner_race_prize: 'Race prize pool',
  partner_race_refund: 'Race cancelled',
  radio_request: 'Song request',
  vault_deposit: 'Vault deposit',
  vault_withdraw: 'Vault withdrawal',
  booster_deposit_bonus: 'Deposit Bonus',
  booster_battle_refund: 'Battle Refund',
  booster_rain_boost: 'Rain Boost',
};

/** The label of a history type; an unknown one reads as its words ('plinko_reward' -> 'Plinko reward'). */
export function historyLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
