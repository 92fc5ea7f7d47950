/** Labels of the wallet history's entry types (document 2 section 3 'History entry types and labels'). */
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
  // The sim's own entry types (src/contract/history.ts), not in the spec's table.
  signup_bonus: 'Welcome bonus',
  partner_race_prize: 'Race prize pool',
  partner_race_refund: 'Race cancelled',
  vault_deposit: 'Vault deposit',
  vault_withdraw: 'Vault withdrawal',
};

/** The label of a history type; an unknown one reads as its words ('plinko_reward' -> 'Plinko reward'). */
export function historyLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
