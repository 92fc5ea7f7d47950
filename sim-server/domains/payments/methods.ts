/** Every payment method handler: crypto, cards (instaxchange), gift-card shop (kinguin), skins (skinsback). */
import type { Handlers } from '../../rpc/context.ts';
import { cryptoHandlers } from './crypto.ts';
import { instaHandlers } from './insta.ts';
import { kinguinHandlers } from './kinguin.ts';
import { skinsbackHandlers } from './skinsback.ts';

/** Payment methods of the wallet. */
export const paymentHandlers: Handlers = { ...cryptoHandlers, ...instaHandlers, ...kinguinHandlers, ...skinsbackHandlers };
