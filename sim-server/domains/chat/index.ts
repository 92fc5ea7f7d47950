/** The public chat: messages, moderation, mutes, tips, rain and split-or-steal. */
import type { Domain } from '../../rpc/context.ts';
import { messageHandlers } from './messages.ts';
import { muteHandlers } from './mutes.ts';
import { fundRain, rainHandlers } from './rain.ts';
import { stealHandlers } from './steal.ts';
import { registerChat } from './runtime.ts';
import { tipHandlers } from './tips.ts';

export const chat: Domain = {
  handlers: { ...messageHandlers, ...muteHandlers, ...tipHandlers, ...rainHandlers, ...stealHandlers },
  register: registerChat,
  onWager: fundRain,
};
