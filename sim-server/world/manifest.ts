/** The manifest the client asks for over the socket (#MANIFEST). */
import type { ServerMessageData } from '../../src/contract/index.ts';
import type { Config } from '../config.ts';
import { FEATURED_RACE, periodAt } from '../../src/core/race-periods.ts';

/** The holiday style of a date: the header follows it. */
function styleFor(date: Date): 'snow' | 'santa' | 'halloween' | 'christmas' | null {
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  if (month === 9 && day >= 20) return 'halloween';
  if (month === 11 && day >= 20) return 'christmas';
  if (month === 11) return 'santa';
  if (month === 0 || month === 1) return 'snow';
  return null;
}

/**
 * Builds the manifest for the current moment. `raceOffset` is how far the race's clock runs
 * ahead of the server's (RaceBoards.offset: the sim's console can end a period early,
 * docs/decisions/0050), so the header counts down to the period the race board shows.
 */
export function buildManifest(config: Config, raceOffset = 0): ServerMessageData<'#MANIFEST'> {
  const now = config.now();
  const raceNow = now + raceOffset;
  return {
    stats: {
      // The Battle Pass runs on this server (docs/decisions/0025): the header shows Season.
      battle_pass: { active: true },
      ctc: { active: true },
      // Race+ counts down to the real end of the featured race period (seconds).
      events: { leaderboard: { ends_in_time: Math.max(0, Math.ceil((periodAt(FEATURED_RACE, raceNow).end - raceNow) / 1000)) } },
      client: { style: styleFor(new Date(now)) },
      // Coins per unit of each display currency: shown amounts are divided by the rate.
      wallet: { rate: { SFC: 1, USD: 1, EUR: 1.08, ...CRYPTO_RATES } },
      version: { client: config.version, cache: config.version },
    },
    ts: now,
  };
}

/**
 * Coins per unit of each crypto currency: the sim's payment providers convert at these
 * rates (deposits credit, withdrawals send), and the client shows them. Fixed, so amounts
 * in tests and screenshots stay the same; two decimals at most (they become cents per unit).
 */
export const CRYPTO_RATES = { BTC: 65_000, ETH: 3_200, LTC: 85, USDT: 1, USDC: 1 } as const;
