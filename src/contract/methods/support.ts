import { method } from '../define.ts';
import { text, z } from '../wire.ts';

/**
 * The support chat's limits (document 1 route table: /support opens a support chat; the spec
 * gives no numbers, docs/decisions/0054 chooses them). One table the server checks and the
 * client's counter reads.
 */
export const SUPPORT_LIMITS = {
  /** Characters of one message after trimming. */
  maxLength: 1000,
  /** A player may send this many messages in any `floodWindowMs`; the next is refused. */
  floodCount: 5,
  floodWindowMs: 60_000,
} as const;

/** One message of a support thread: the player's or the support agent's (the sim console's operator). */
export const SupportMessage = z.lazy(() => z.object({
  hash: z.string(),
  thread_hash: z.string(),
  from: z.enum(['player', 'agent']),
  text: z.string(),
  /** Milliseconds, server clock. */
  created_at: z.number(),
}));
/** A support message. */
export type SupportMessage = z.output<typeof SupportMessage>;

/** A player's conversation with support; the player's first message opens it, the agent or a logout closes it. */
export const SupportThread = z.lazy(() => z.object({
  hash: z.string(),
  status: z.enum(['open', 'closed']),
  created_at: z.number(),
  closed_at: z.nullable(z.number()),
  /** Why it closed: the player logged out (document 1 section 4: logout shuts down support chat) or the agent resolved it. */
  closed_reason: z.nullable(z.enum(['logout', 'agent'])),
}));
/** A support thread. */
export type SupportThread = z.output<typeof SupportThread>;

/** The support chat behind /support (not in the spec's call lists; docs/decisions/0054). */
export const supportMethods = {
  'support.thread': () => method({
    doc: "The player's open support thread and its messages, oldest first; null and none when no conversation is open.",
    access: 'user',
    input: z.object({}),
    output: z.object({ thread: z.nullable(SupportThread), messages: z.array(SupportMessage) }),
  }),
  'support.send': () => method({
    doc: 'Writes to support (1 to 1000 characters, at most 5 in a minute); opens a thread when none is open.',
    access: 'user',
    input: z.object({ text: text(1, SUPPORT_LIMITS.maxLength) }),
    output: z.object({ thread: SupportThread, message: SupportMessage }),
  }),
};
