/**
 * The sim's bots: accounts tagged `bot` that fill a battle's free seats when its creator calls
 * them. A bot pays nothing for its seat and holds no money: it sits on the house, so whatever
 * a bot wins stays with the house. Bot names carry two underscores, which the player name
 * rules refuse, so no player can ever sign up as (or be mistaken for) a bot.
 */
import { mapInOrder, type Db } from '../db/database.ts';

/** Display names of the bot pool; four are enough for any battle (five seats, one creator). */
export const BOT_NAMES = ['Ace', 'Blaze', 'Cobra', 'Dash', 'Echo', 'Fury', 'Ghost', 'Havoc'] as const;

const botName = (display: string) => `bot__${display.toLowerCase()}`;

/** Creates the bot accounts that do not exist yet and answers every bot's user id. */
export function ensureBots(db: Db, now: number): Promise<number[]> {
  return db.transaction(async (tx) =>
    await mapInOrder(BOT_NAMES, async (display) => {
            const name = botName(display);
            const found = await tx.get<{ id: number }>('SELECT id FROM users WHERE name = ?', name);
            if (found) return found.id;
            return (await tx.run("INSERT INTO users (name, display_name, tags, created_at) VALUES (?, ?, '[\"bot\"]', ?)", name, display, now)).lastInsertRowid;
          }),
  );
}

/** The bots in a random order (Fisher-Yates); `random` gives numbers in [0, 1). */
export function shuffledBots<T>(bots: readonly T[], random: () => number = Math.random): T[] {
  const out = [...bots];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
