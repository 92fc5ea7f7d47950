/** The race periods by name (the route's {period}), apart from their arithmetic so routes stay small. */
export const RACE_PERIODS = ['daily', 'weekly', 'monthly'] as const;
/** One race period. */
export type RacePeriod = (typeof RACE_PERIODS)[number];

/** The race the header counts down to and /event/race opens on. */
export const FEATURED_RACE: RacePeriod = 'weekly';

/** Whether a path segment names a race period. */
export function isRacePeriod(value: string): value is RacePeriod {
  return (RACE_PERIODS as readonly string[]).includes(value);
}
