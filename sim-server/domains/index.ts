/**
 * Every product area of the server. buildApp merges their handlers and registers them in
 * this order (the case catalog before battles, which deal from it). A new area adds its
 * folder's index.ts here and touches nothing else of the server's wiring.
 */
import type { Domain } from '../rpc/context.ts';
import { account } from './account/index.ts';
import { arena } from './arena/index.ts';
import { battlepass } from './battlepass/index.ts';
import { battles } from './battles/index.ts';
import { boosters } from './boosters/index.ts';
import { cards } from './cards/index.ts';
import { caseTables } from './case-tables/index.ts';
import { cases } from './cases/index.ts';
import { chat } from './chat/index.ts';
import { chicken } from './chicken/index.ts';
import { connect } from './connect/index.ts';
import { customize } from './customize/index.ts';
import { dice } from './dice/index.ts';
import { fairness } from './fairness/index.ts';
import { inventory } from './inventory/index.ts';
import { live } from './live/index.ts';
import { partnership } from './partnership/index.ts';
import { parties } from './parties/index.ts';
import { payments } from './payments/index.ts';
import { radio } from './radio/index.ts';
import { profiles } from './profiles/index.ts';
import { progression } from './progression/index.ts';
import { security } from './security/index.ts';
import { streams } from './streams/index.ts';
import { support } from './support/index.ts';
import { unbox } from './unbox/index.ts';
import { wallet } from './wallet/index.ts';
import { worldConsole } from './world-console/index.ts';

export const DOMAINS: readonly Domain[] = [connect, account, wallet, payments, security, partnership, cases, caseTables, unbox, inventory, fairness, arena, battles, chicken, dice, progression, battlepass, cards, profiles, radio, streams, parties, chat, boosters, customize, live, worldConsole, support];
