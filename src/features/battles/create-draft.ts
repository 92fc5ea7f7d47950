/** The battle being built: kept while the rob-mode guide opens over the screen, until it is created. */
import type { Box, z } from '../../contract/index.ts';
import type { BattleMode } from '../../core/battle-rules.ts';
import { createStore } from '../../ui/store.ts';
import type { FlagOption } from './battle-text.ts';

/** A case as the case list answers it. */
export type CaseBox = z.output<typeof Box>;
/** One case of the scheme and its rounds. */
export type Entry = { box: CaseBox; count: number };

/** `picked` is null until the player changes the scheme: until then it is the case ?case=<key> names, if any. */
export type Draft = { picked: Entry[] | null; seats: number; mode: BattleMode; flags: Record<FlagOption, boolean>; kings: number; personal: boolean };

export const EMPTY_DRAFT: Draft = {
  picked: null,
  seats: 2,
  mode: 'solo',
  flags: { crazy: false, terminal: false, share: false, tiebreak: false, rob: false, fast: false },
  kings: 0,
  personal: false,
};

export const draftStore = createStore<Draft>(EMPTY_DRAFT);

/** Changes some fields of the draft. */
export const updateDraft = (patch: Partial<Draft>) => draftStore.set({ ...draftStore.get(), ...patch });

/** Rounds in a scheme. */
export const roundsOf = (entries: readonly Entry[]) => entries.reduce((sum, entry) => sum + entry.count, 0);
