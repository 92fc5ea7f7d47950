/**
 * What simulated players do (docs/decisions/0051). Every act goes through `world.call`, the
 * dispatcher a player's request goes through: a rule that refuses (a short balance, a full
 * battle, the chat's cooldown) refuses them too, and the act is simply not taken. Reads of the
 * world (which battles wait, which rain is open) look at the database, as a player looks at
 * the page.
 */
import { PARTY_FUEL_OPTIONS, type Envelope } from '../../src/contract/index.ts';
import { parseHash, toHash } from '../../src/core/hash-id.ts';
import { OFFICIAL_INVITE_CODE } from '../../src/core/party.ts';
import { solvePow } from '../../src/core/rain.ts';
import type { RandomSource } from '../../src/core/seeded-random.ts';
import { findUserById } from '../auth/users.ts';
import { mintGiftCode } from '../kernel/gift-codes.ts';
import { startStream, stopStream } from '../domains/streams/store.ts';
import type { Services } from '../rpc/context.ts';
import { chatLine, reactionLine, replyLine, simName } from './words.ts';
import { filterInOrder } from '../db/database.ts';

/** One simulated player and where it stands. */
export interface Agent {
  n: number;
  id: number;
  name: string;
  /** When its next turn comes (the server's clock). */
  nextAt: number;
  actedAt: number;
  /** The rain and split-or-steal game it joined, so it joins each once. */
  joinedRain: string | null;
  joinedSteal: string | null;
  /** Whether it has had its chance to use a partner's code. */
  triedCode?: boolean;
}

/** Something to do later: bots for a battle nobody joined, the end of a stream. */
interface Later {
  at: number;
  run: () => Promise<void>;
}

/** What the acts share. */
export interface WorldContext {
  services: Services;
  random: RandomSource;
  agents: Agent[];
  /** Calls a method as the player, after letting the server's waiting work run. */
  call(agent: Agent, method: string, params: Record<string, unknown>): Promise<Envelope<unknown>>;
  pending: Later[];
  /** The newest special chat message reacted to. */
  reactedTo?: number;
  /** The case list, read once a minute. */
  listing?: { at: number; boxes: Box[] };
}

interface Box {
  hash: string;
  name: string;
  price: number;
}

/** Below this a player tops up with a gift card, as a player would deposit. */
const TOP_UP_BELOW = 5_000;
const TOP_UP = 50_000;
/** How long a real player's battle waits for a seat before a simulated player takes it. */
const HUMAN_DELAY_MS = { min: 8_000, spread: 17_000 };
/** Origins of the chat's special messages the chat reacts to. */
const REACT_TO = ['arena_drop', 'rakeback_rain', 'chat_steal', 'game_chicken', 'stream', 'card_activated'];

const between = (random: RandomSource, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Lets the server's waiting requests and sockets run: a dispatched call's work is synchronous, so `await` alone never yields to them. */
export const yieldToServer = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Solves a captcha in slices, yielding between them, as a browser's worker would not hold the page. */
async function solveSliced(challenge: string, userHash: string, bits: number): Promise<string | null> {
  for (let from = 0; from < 1 << 24; from += 4_096) {
    const found = solvePow(challenge, userHash, bits, from, 4_096);
    if (found !== null) return found;
    await yieldToServer();
  }
  return null;
}
const responseOf = <T,>(result: Envelope<unknown>): T | null => ('response' in result ? (result.response as T) : null);
const balanceOf = (world: WorldContext, agent: Agent) => world.services.ledger.balance(world.services.db, { user: agent.id });

async function boxes(world: WorldContext, agent: Agent): Promise<Box[]> {
  const now = world.services.config.now();
  if (world.listing && world.listing.at > now - 60_000) return world.listing.boxes;
  const listing = responseOf<{ listing: Box[] }>(await world.call(agent, 'arena-case.listing', { fields: 'enabled' }))?.listing ?? [];
  world.listing = { at: now, boxes: [...listing].sort((a, b) => a.price - b.price) };
  return world.listing.boxes;
}

/** Mostly cheap cases, now and then an expensive one: weights fall with the price. */
function pickBox(world: WorldContext, list: Box[], budget: number): Box | null {
  const affordable = list.filter((b) => b.price <= budget);
  if (affordable.length === 0) return null;
  if (world.random() < 0.05) return affordable[affordable.length - 1 - Math.floor(world.random() * Math.min(3, affordable.length))]!;
  const weights = affordable.map((b) => 1 / Math.pow(b.price, 0.8));
  let roll = world.random() * weights.reduce((a, b) => a + b, 0);
  return affordable.find((_, i) => (roll -= weights[i]!) < 0) ?? affordable[0]!;
}

/** A short balance is topped up with a wallet gift card bought at the sim's shop and redeemed like any. */
async function topUpIfShort(world: WorldContext, agent: Agent): Promise<boolean> {
  if (await balanceOf(world, agent) >= TOP_UP_BELOW) return false;
  const { db, config } = world.services;
  const code = await db.transaction((tx) => mintGiftCode(tx, { kind: 'wallet', amount: TOP_UP, source: 'sim-population' }, config.now()));
  await world.call(agent, 'wallet.gift', { code });
  return true;
}

async function openCases(world: WorldContext, agent: Agent): Promise<void> {
  if (await topUpIfShort(world, agent)) return;
  const count = world.random() < 0.8 ? 1 : 5;
  const box = pickBox(world, await boxes(world, agent), Math.floor(await balanceOf(world, agent) / count));
  if (!box) return;
  const game = responseOf<{ game: { token: string } }>(await world.call(agent, 'arena-unbox.create', { box_hash: box.hash, count }))?.game;
  if (!game) return;
  const assets: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = responseOf<{ asset: { hash: string } }>(await world.call(agent, 'arena-unbox.roll', { token: game.token }));
    if (roll) assets.push(roll.asset.hash);
  }
  if (assets.length > 0 && world.random() < 0.6) await world.call(agent, 'inventory.instantSell', { hashes: assets.join(',') });
}

async function createBattle(world: WorldContext, agent: Agent): Promise<void> {
  if (await topUpIfShort(world, agent)) return;
  const box = pickBox(world, await boxes(world, agent), Math.floor(await balanceOf(world, agent) / 4));
  if (!box) return;
  const team = world.random() < 0.2;
  const options = { ...(world.random() < 0.4 && { fast: 1 }), ...(world.random() < 0.1 && { crazy: 1 }) };
  const rounds = world.random() < 0.7 ? 1 : 5;
  const created = responseOf<{ game: { hash: string } }>(
    await world.call(agent, 'arena-battle.create', { scheme: `${box.hash}-${rounds}`, mode: team ? 'team' : 'solo', number: team ? 4 : between(world.random, 2, 4), options }),
  );
  if (!created) return;
  // Half are left open for a while for someone to join; the creator calls bots for what is still free.
  const wait = world.random() < 0.5 ? between(world.random, 45_000, 120_000) : between(world.random, 4_000, 10_000);
  const hash = created.game.hash;
  world.pending.push({
    at: world.services.config.now() + wait,
    run: async () => {
      if (await battleWaiting(world, hash)) await world.call(agent, 'arena-battle.callBots', { hash });
    },
  });
}

async function battleWaiting(world: WorldContext, hash: string): Promise<boolean> {
  return await world.services.db.get('SELECT 1 AS w FROM battles WHERE id = ? AND status = ?', parseHash(hash), 'waiting') !== undefined;
}

interface WaitingBattle {
  id: number;
  token: string;
  price: number;
  creator_id: number;
  updated_at: number;
  sim_creator: number;
}

function waitingBattles(world: WorldContext): Promise<WaitingBattle[]> {
  return world.services.db.all<WaitingBattle>(
    `SELECT b.id, b.token, b.price, b.creator_id, b.updated_at, CASE WHEN u.tags LIKE '%"sim"%' THEN 1 ELSE 0 END AS sim_creator
       FROM battles b JOIN users u ON u.id = b.creator_id
      WHERE b.status = 'waiting' AND b.personal = 0 ORDER BY b.id DESC LIMIT 30`,
  );
}

const seated = async (world: WorldContext, battleId: number, userId: number) =>
  await world.services.db.get('SELECT 1 AS s FROM battle_seats WHERE battle_id = ? AND user_id = ?', battleId, userId) !== undefined;

async function joinBattle(world: WorldContext, agent: Agent, battle?: WaitingBattle): Promise<void> {
  if (await topUpIfShort(world, agent)) return;
  const budget = await balanceOf(world, agent) / 3;
  const open = battle ? [battle] : await filterInOrder(await waitingBattles(world), async (b) => b.price <= budget && !await seated(world, b.id, agent.id));
  const chosen = open[Math.floor(world.random() * open.length)];
  if (chosen && chosen.price <= budget) await world.call(agent, 'arena-battle.join', { token: chosen.token });
}

interface ChatRow {
  id: number;
  user_id: number;
  origin: string | null;
  created_at: number;
}

async function chat(world: WorldContext, agent: Agent): Promise<void> {
  const recent = await world.services.db.all<ChatRow>('SELECT id, user_id, origin, created_at FROM chat_messages WHERE hidden = 0 AND deleted = 0 ORDER BY id DESC LIMIT 5');
  const special = recent.find((m) => m.origin !== null && REACT_TO.includes(m.origin) && m.id > (world.reactedTo ?? 0));
  let text: string;
  let reply: string | undefined;
  if (special) {
    world.reactedTo = special.id;
    text = reactionLine(world.random);
  } else if (recent[0] && recent[0].user_id !== agent.id && world.random() < 0.2) {
    text = replyLine(world.random);
    reply = toHash(recent[0].id);
  } else {
    const list = await boxes(world, agent);
    text = chatLine(world.random, list[Math.floor(world.random() * list.length)]?.name ?? 'this case');
  }
  await world.call(agent, 'chat.send', { text, ...(reply && { reply_hash: reply }) });
}

async function tip(world: WorldContext, agent: Agent): Promise<void> {
  if (world.random() < 0.3) {
    await world.call(agent, 'chat-rain.tip', { amount: between(world.random, 100, 1_000) });
    return;
  }
  const others = world.agents.filter((a) => a.id !== agent.id);
  const to = others[Math.floor(world.random() * others.length)];
  if (to) await world.call(agent, 'chat-tip.send', { user_hash: toHash(to.id), amount: between(world.random, 50, 500) });
}

async function chicken(world: WorldContext, agent: Agent): Promise<void> {
  if (await topUpIfShort(world, agent)) return;
  const risk = (['low', 'medium', 'high'] as const)[Math.floor(world.random() * 3)];
  const game = responseOf<{ game: { hash: string } }>(await world.call(agent, 'chicken.create', { bet: between(world.random, 20, 300), risk }))?.game;
  if (!game) return;
  const steps = between(world.random, 1, 4);
  for (let i = 0; i < steps; i++) {
    const step = responseOf<{ game: { status: string } }>(await world.call(agent, 'chicken.step', { hash: game.hash }));
    if (!step || step.game.status !== 'running') return;
  }
  await world.call(agent, 'chicken.cashout', { hash: game.hash });
}

async function dice(world: WorldContext, agent: Agent): Promise<void> {
  if (await topUpIfShort(world, agent)) return;
  const rolls = between(world.random, 1, 3);
  for (let i = 0; i < rolls; i++) {
    await world.call(agent, 'dice.roll', { bet: between(world.random, 10, 300), side: world.random() < 0.5 ? 'under' : 'over', target: between(world.random, 2_000, 8_000) });
  }
}

async function radio(world: WorldContext, agent: Agent): Promise<void> {
  const state = responseOf<{ sounds: { id: string }[] }>(await world.call(agent, 'radio.current', {}));
  const sound = state?.sounds[0];
  if (sound) await world.call(agent, 'radio.like', { id: sound.id });
  if (world.random() < 0.05) {
    const list = responseOf<{ list: { id: string }[] }>(await world.call(agent, 'radio.list', {}))?.list ?? [];
    const pick = list[Math.floor(world.random() * list.length)];
    if (pick) await world.call(agent, 'radio.request', { id: pick.id });
  }
}

async function follow(world: WorldContext, agent: Agent): Promise<void> {
  const { db } = world.services;
  // Now and then a real player who played lately; mostly another simulated player.
  const real = world.random() < 0.3 ? await db.get<{ id: number }>(`SELECT id FROM users WHERE tags NOT LIKE '%"sim"%' AND tags NOT LIKE '%"bot"%' ORDER BY id DESC LIMIT 1`) : undefined;
  const target = real?.id ?? world.agents[Math.floor(world.random() * world.agents.length)]?.id;
  if (target !== undefined && target !== agent.id) await world.call(agent, 'follower.follow', { user_hash: toHash(target) });
}

/**
 * The first few simulated players stream now and then, for a few minutes; the two partners
 * among them host a stream party while on air (the stream club, the smallest fuel), closed
 * with the stream.
 */
async function stream(world: WorldContext, agent: Agent): Promise<void> {
  if (agent.n >= 3) return chat(world, agent);
  const { services } = world;
  const user = await findUserById(services.db, agent.id);
  if (!user || await services.db.get('SELECT 1 AS live FROM streams WHERE user_id = ? AND ended_at IS NULL', agent.id)) return;
  const live = await services.db.transaction((tx) => startStream(tx, services, user, { channel: agent.name.toLowerCase(), title: `${agent.name} opens cases`, followers: between(world.random, 100, 20_000) }));
  const hosts = agent.n < 2;
  if (hosts) {
    // As a streaming partner does: link the channel just streamed, join the club, fuel a party.
    await world.call(agent, 'partnership-plus.connect-kick', { name: agent.name.toLowerCase() });
    await world.call(agent, 'partnership-plus.join-stream-club', {});
    await world.call(agent, 'partnership-plus.buy-party-fuel', { amount: PARTY_FUEL_OPTIONS[0]! });
  }
  world.pending.push({
    at: services.config.now() + between(world.random, 5 * 60_000, 20 * 60_000),
    run: async () => {
      if (hosts) await world.call(agent, 'partnership-plus.close-party', {});
      await services.db.transaction(async (tx) => {
        if (await tx.get('SELECT 1 AS live FROM streams WHERE id = ? AND ended_at IS NULL', parseHash(live.hash))) await stopStream(tx, services, live.hash);
      });
    },
  });
}

/** Joins an open stream party the player may see: an official one with its public code, a partner's with the code the host gives on stream. */
async function joinParty(world: WorldContext, agent: Agent): Promise<void> {
  const lobby = responseOf<{ parties: { id: string; official: boolean; host: { id: number } }[] }>(await world.call(agent, 'event-party.lobby', {}));
  const party = lobby?.parties[Math.floor(world.random() * lobby.parties.length)];
  if (!party) return chat(world, agent);
  const code = party.official ? OFFICIAL_INVITE_CODE : (await world.services.db.get<{ invite_code: string }>('SELECT invite_code FROM stream_parties WHERE id = ?', parseHash(party.id)))?.invite_code;
  if (code) await world.call(agent, 'event-party.join', { id: party.id, invite_code: code });
}

/** The acts a turn draws from, by weight. */
export const ACTS: readonly { name: string; weight: number; run: (world: WorldContext, agent: Agent) => Promise<void> }[] = [
  { name: 'open cases', weight: 30, run: openCases },
  { name: 'create a battle', weight: 8, run: createBattle },
  { name: 'join a battle', weight: 8, run: (world, agent) => joinBattle(world, agent) },
  { name: 'chat', weight: 16, run: chat },
  { name: 'tip', weight: 3, run: tip },
  { name: 'chicken', weight: 7, run: chicken },
  { name: 'dice', weight: 10, run: dice },
  { name: 'radio', weight: 3, run: radio },
  { name: 'follow', weight: 3, run: follow },
  { name: 'stream', weight: 1, run: stream },
  { name: 'join a party', weight: 2, run: joinParty },
];

/**
 * What the world does between turns: the battles' and streams' later steps, a seat in a real
 * player's battle nobody took, the open rain and split-or-steal game, a partner's code.
 */
export async function backgroundActs(world: WorldContext, now: number): Promise<void> {
  const due = world.pending.filter((p) => p.at <= now);
  world.pending = world.pending.filter((p) => p.at > now);
  for (const later of due) await later.run();
  if (world.agents.length === 0) return;
  await seatForRealPlayers(world, now);
  await joinRain(world);
  await joinSteal(world);
  const newcomer = world.agents.find((a) => !a.triedCode);
  if (newcomer) {
    newcomer.triedCode = true;
    // Some use a partner's code, as players who came through a streamer's link do.
    if (newcomer.n >= 2 && world.random() < 0.4) await world.call(newcomer, 'partnership.activateCode', { code: simName(Math.floor(world.random() * 2)) });
  }
}

/** A real player's battle that waited a human-like while since its last seat gets a simulated opponent. */
async function seatForRealPlayers(world: WorldContext, now: number): Promise<void> {
  const waiting = (await waitingBattles(world)).find((b) => b.sim_creator === 0 && now - b.updated_at >= HUMAN_DELAY_MS.min + (b.id * 7_919) % HUMAN_DELAY_MS.spread);
  if (!waiting) return;
  const candidates = await filterInOrder(world.agents, async (a) => !await seated(world, waiting.id, a.id) && await balanceOf(world, a) >= waiting.price * 3);
  const agent = candidates[Math.floor(world.random() * candidates.length)];
  if (agent) await joinBattle(world, agent, waiting);
}

/** Joins the open rain, each player once, solving its captcha as a browser does. */
async function joinRain(world: WorldContext): Promise<void> {
  const rain = await world.services.db.get<{ id: number }>("SELECT id FROM chat_rains WHERE status = 'active' ORDER BY id DESC LIMIT 1");
  if (!rain || world.random() > 0.3) return;
  const hash = toHash(rain.id);
  const agent = world.agents.find((a) => a.joinedRain !== hash && world.random() < 0.5);
  if (!agent) return;
  agent.joinedRain = hash;
  const state = responseOf<{ rain: { captcha: { challenge: string; difficulty: number } } | null; joined: boolean }>(await world.call(agent, 'chat-rain.get', {}));
  if (!state?.rain || state.joined) return;
  const token = await solveSliced(state.rain.captcha.challenge, toHash(agent.id), state.rain.captcha.difficulty);
  if (token) await world.call(agent, 'chat-rain.join', { rain_hash: hash, token });
}

/** Joins a waiting split-or-steal game; a player picked to decide decides. */
async function joinSteal(world: WorldContext): Promise<void> {
  if (world.random() > 0.3) return;
  const agent = world.agents[Math.floor(world.random() * world.agents.length)]!;
  const state = responseOf<{ game: { hash: string; status: string; captcha: { challenge: string; difficulty: number }; players_hashes: string[]; players: { hash: string; decision_hashed: string | null }[] } | null; joined: boolean }>(
    await world.call(agent, 'chat-steal.get', {}),
  );
  const game = state?.game;
  if (!game) return;
  const me = toHash(agent.id);
  if (game.status === 'waiting' && !state.joined && agent.joinedSteal !== game.hash) {
    agent.joinedSteal = game.hash;
    const token = await solveSliced(game.captcha.challenge, me, game.captcha.difficulty);
    if (token) await world.call(agent, 'chat-steal.join', { game_hash: game.hash, token });
  } else if (game.status === 'battling' && game.players.some((p) => p.hash === me && p.decision_hashed === null)) {
    await world.call(agent, 'chat-steal.decision', { game_hash: game.hash, decision: world.random() < 0.7 ? 'split' : 'steal' });
  }
}
