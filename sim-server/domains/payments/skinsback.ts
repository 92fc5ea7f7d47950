/** payment-skinsback.*: skins deposits through the skinsback widget, paid to the Steam trade URL's account. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NumericError, type SKIN_METHODS } from '../../../src/contract/index.ts';
import { validateTradeUrl } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers, type Services } from '../../rpc/context.ts';
import { SKINS_WIDGET_TTL_MS } from '../../world/providers.ts';

/** A skins rail. */
export type SkinMethod = (typeof SKIN_METHODS)[number];

/** The player's saved Steam trade URL. */
export async function tradeUrlOf(db: Pick<Db, 'get'>, userId: number): Promise<string | null> {
  return (await db.get<{ trade_url: string | null }>('SELECT trade_url FROM payment_profiles WHERE user_id = ?', userId))?.trade_url ?? null;
}

function signature(s: Services, body: string): string {
  return createHmac('sha256', s.config.jwtSecret).update(`skinsback-widget:${body}`).digest('base64url').slice(0, 32);
}

/** A widget link's token: who, which rail, until when, signed so it cannot be made up. */
export function widgetToken(s: Services, userId: number, method: SkinMethod, expiresAt: number): string {
  const body = `${userId}.${method}.${expiresAt}`;
  return `${body}.${signature(s, body)}`;
}

/** The player and rail of a widget token that is genuine and not expired; null otherwise. */
export function readWidgetToken(s: Services, token: string): { userId: number; method: SkinMethod } | null {
  const match = /^(\d{1,12})\.(skinsback|cs2)\.(\d{1,15})\.([\w-]{32})$/.exec(token);
  if (!match) return null;
  const [, user, method, until, sig] = match;
  const expected = Buffer.from(signature(s, `${user}.${method}.${until}`));
  if (!timingSafeEqual(expected, Buffer.from(sig!)) || Number(until) <= s.config.now()) return null;
  return { userId: Number(user), method: method as SkinMethod };
}

/** The sim widget page of a token. */
export const widgetUrl = (token: string) => `/api/sim/skinsback/${token}`;

/** Skins deposit methods. */
export const skinsbackHandlers: Handlers = {
  'payment-skinsback.trade-url': async ({ trade_url }, ctx) => {
    const user = requireUser(ctx);
    if (trade_url === undefined) return { trade_url: await tradeUrlOf(ctx.db, user.id) };
    const problem = validateTradeUrl(trade_url);
    if (problem) fail(NumericError.INVALID_DATA, problem);
    await ctx.db.transaction((tx) =>
      tx.run('INSERT INTO payment_profiles (user_id, trade_url) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET trade_url = excluded.trade_url', user.id, trade_url),
    );
    return { trade_url };
  },
  'payment-skinsback.create-deposit-widget': async ({ method }, ctx) => {
    const user = requireUser(ctx);
    if (!await tradeUrlOf(ctx.db, user.id)) fail(NumericError.INVALID_DATA, 'Set your Steam trade URL first');
    const expires_at = ctx.config.now() + SKINS_WIDGET_TTL_MS;
    return { url: widgetUrl(widgetToken(ctx, user.id, method ?? 'skinsback', expires_at)), expires_at };
  },
};
