import type { Battle } from './queries.ts';

/** The options a battle can have, with what each does (the create screen explains them; the lobby lists them). */
export const OPTION_TEXT = {
  crazy: { label: 'Crazy', text: 'Upside down: the lowest total wins.' },
  terminal: { label: 'Terminal', text: 'Only the last round’s drops decide the winner.' },
  share: { label: 'Share', text: 'The pot is split equally between every seat.' },
  tiebreak: { label: 'Tiebreak', text: 'A tie is settled by a fair roll instead of a split.' },
  rob: { label: 'Rob', text: 'After the last round the two leaders choose in secret: split or rob.' },
  fast: { label: 'Fast', text: 'Shorter rounds: the reels spin in half the time.' },
  kings: { label: 'Kings', text: 'The best drop of a round wins a crown; the first to K crowns wins.' },
} as const;

/** A boolean option's name. */
export type FlagOption = Exclude<keyof typeof OPTION_TEXT, 'kings'>;
export const FLAG_OPTIONS: readonly FlagOption[] = ['crazy', 'terminal', 'share', 'tiebreak', 'rob', 'fast'];

/** The labels of a battle's options that are on ('Kings 3' with its crowns). */
export function optionLabels(options: Battle['options']): string[] {
  const labels: string[] = FLAG_OPTIONS.filter((name) => options[name]).map((name) => OPTION_TEXT[name].label);
  if (options.kings > 0) labels.push(`Kings ${options.kings}`);
  return labels;
}

/** '3 seats', '2 vs 2'. */
export function seatsLabel(game: Pick<Battle, 'mode' | 'seats'>): string {
  return game.mode === 'team' ? '2 vs 2' : `${game.seats} seats`;
}

/** What a battle's status means to a player. */
export const STATUS_TEXT: Record<Battle['status'], string> = {
  waiting: 'Waiting for players',
  process: 'Starting',
  running: 'Rolling',
  rob: 'Split or rob',
  finished: 'Finished',
  closed: 'Closed',
};
