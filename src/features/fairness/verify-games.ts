import { DICE_TICKET_MAX } from '../../core/dice-rules.ts';
import { TICKET_MAX } from '../../core/fair-ticket.ts';
import type { GameKey } from '../../core/games.ts';

/** What the verify tab asks for one game: the names the spec gives its inputs, and the ticket's maximum. */
export interface VerifyFields {
  /** The game's sub-tab (document 3 section 2: unbox, battle, chicken and dice). */
  label: string;
  key: string;
  clientSeed: string;
  /** Chicken's maximum is its risk level's, chosen in the tab. */
  max: number | 'chicken';
}

/** Every game of the registry has a sub-tab: one without its fields does not compile. */
export const VERIFY_GAMES = {
  unbox: { label: 'Unbox', key: 'Server seed', clientSeed: 'Client seed', max: TICKET_MAX },
  battle: { label: 'Battle', key: 'Beacon (block id)', clientSeed: 'Battle server seed', max: TICKET_MAX },
  chicken: { label: 'Chicken', key: 'Server seed', clientSeed: 'Client seed', max: 'chicken' },
  dice: { label: 'Dice', key: 'Server seed', clientSeed: 'Client seed', max: DICE_TICKET_MAX },
} satisfies Record<GameKey, VerifyFields>;
