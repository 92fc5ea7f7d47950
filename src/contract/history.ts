/**
 * Ledger entry types, as the wallet history shows them (document 2 section 3). The server
 * records these names; the client owns the labels.
 */
export const HistoryType = [
  'wallet_deposit', 'deposit', 'arena_debit', 'arena_refund', 'unbox_instant_sell', 'instant_sell',
  'promo_code', 'gift_code', 'withdraw', 'wallet_withdraw', 'withdraw_refund', 'wallet_withdraw_returned',
  'battlepass_bought', 'battlepass_upgrade', 'arena_join', 'arena_reward', 'event_leaderboard',
  'event_giveaway', 'arena_sponsor', 'unbox_boxes_bought', 'partnership_cashback', 'partnership_earned',
  'compensation', 'sponsor', 'tip', 'chicken_withdraw', 'chicken_paid', 'reward',
  // Not in the spec's label table; the sim needs them and names them here once.
  'signup_bonus', 'vault_deposit', 'vault_withdraw', 'partner_race_prize', 'partner_race_refund',
] as const;
/** One ledger entry type. */
export type HistoryType = (typeof HistoryType)[number];

/** Balance changes that do not raise a toast (document 1 section 4 'Notices and toasts'). */
export const SILENT_BALANCE_TYPES: readonly string[] = [
  'arena_join', 'arena_reward', 'transfer', 'deposit', 'withdraw', 'partnership_cashback', 'partnership_earned', 'plinko', 'plinko_reward',
];

/**
 * Entries that wager coins on a game (a seat, a sponsored seat, cases bought), and the refund
 * that takes a wager back: what sponsor challenges count.
 */
export const WAGER_TYPES: readonly HistoryType[] = ['arena_join', 'arena_sponsor', 'unbox_boxes_bought'];
export const WAGER_REFUND_TYPES: readonly HistoryType[] = ['arena_refund'];
