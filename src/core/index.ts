// Pure rules shared by the client, the workers and the sim-server. Nothing here may import
// from Node or the DOM: this code runs in browsers, workers and Node alike.
export * from './fair-ticket.ts';
export * from './hash-id.ts';
export * from './levels.ts';
export * from './money.ts';
export * from './rarity.ts';
export * from './scheme.ts';
export * from './validation.ts';
export * from './drop-pool.ts';
export * from './seeded-random.ts';
export * from './battle-beacon.ts';
export * from './battle-rules.ts';
export * from './totp.ts';
export * from './crypto-amount.ts';
export * from './crypto-address.ts';
export * from './ticket-hasher.ts';
export * from './replay.ts';
export * from './pool-summary.ts';
export * from './ticket-pack.ts';
export * from './race-periods.ts';
export * from './achievements.ts';
export * from './level-rewards.ts';
export * from './default-avatar.ts';
