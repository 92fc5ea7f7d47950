/**
 * Chat rules both sides apply (document 2 sections 5, 6 and 9): the text a message may
 * carry, the /tip command, and who sees a hidden message or a tip from a kick-tagged sender.
 * The server filters what it serves with these; the client filters live frames the same way.
 */

/** Document 2 section 9. */
export const CHAT_LIMITS = {
  /** Characters of a message after markup is cleared. */
  maxLength: 200,
  /** An emoji is refused when fewer characters than this remain. */
  emojiSpare: 30,
  /** The "n / 200" counter shows above this length. */
  counterAfter: 100,
  /** Messages kept on screen; past it the oldest `drop` go. */
  keep: 100,
  drop: 50,
  /** Messages chat.messages serves by default. */
  load: 50,
  /** Messages queued while the list is scroll-locked; "See new messages - 50+" past it. */
  queue: 50,
  /** Pixels from the bottom beyond which the list is scroll-locked. */
  scrollLockPx: 20,
  /** Recently used emojis kept. */
  recentEmojis: 5,
} as const;

/**
 * A drop worth at least this many cents (50 coins) is told in the chat as an arena_drop
 * message: a case opened (once its spin ended) or a battle's best drop (once it finished).
 * Cases cost 1 to 22 coins; about one drop in a few hundred clears it (docs/decisions/0050).
 */
export const ARENA_DROP_MIN = 5_000;

/** Origins whose messages have no author on the wire: the house speaks (document 2 'system', a steal's result, a rain's rewards). */
export const HOUSE_ORIGINS: ReadonlySet<string> = new Set(['system', 'chat_steal']);

/** Staff scopes (document 2 section 6): 1 moderator up to 5 owner. */
export const STAFF_SCOPE = 1;
/** Scope from which the tip dialog offers "Need to wager". */
export const NEED_WAGER_SCOPE = 4;
/** What "Need to wager" does (docs/decisions/0032); the ledger enforces it. */
export const NEED_WAGER_RULE = 'The player must wager these coins once before they can withdraw them, put them in the vault or tip them on. They play like any other coins.';

/** Mute lengths in days (document 2 section 5: shown as 24 hours, 7 days, 30 days). */
export const MUTE_DAYS = [1, 7, 30] as const;

/** An emoji's text form: `::{bundle key}_{index}::`. */
export const EMOJI_CODE = /::([a-z][a-z0-9]*)_(\d{1,3})::/g;

/** The emoji code of a bundle's emoji. */
export function emojiCode(bundleKey: string, index: number): string {
  return `::${bundleKey}_${index}::`;
}

/** Newlines and tabs become spaces, other control characters go, and the ends are trimmed. */
export function cleanChatText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, '')
    .trim();
}

/** What a typed line means: a tip command (with the named player's id), another command, or a message. */
export type ChatLine = { kind: 'tip'; userId: number } | { kind: 'command' } | { kind: 'message' };

/**
 * Document 2 section 5: a line starting with / is a command unless it starts with /rain or
 * /steal; only `/tip <integer>` is a tip command, anything else is not a command at all.
 */
export function parseChatLine(text: string): ChatLine {
  const line = text.trim();
  if (!line.startsWith('/') || line.startsWith('/rain') || line.startsWith('/steal')) return { kind: 'message' };
  const tip = /^\/tip (\d{1,10})$/.exec(line);
  if (tip) return { kind: 'tip', userId: Number(tip[1]) };
  return { kind: 'message' };
}

/** Who is looking at the chat; null for a visitor. */
export interface ChatViewer {
  hash: string;
  scope: number;
  /** The viewer's partner (the referral code they use), if any. */
  partnerHash: string | null;
}

/** What the visibility rules read of a message. */
export interface VisibleMessage {
  hidden: boolean;
  origin: string | null;
  user_hash: string | null;
  sender_hash?: string;
  details: { recipient_hash?: string; kick?: boolean };
}

const isStaff = (viewer: ChatViewer | null) => viewer !== null && viewer.scope >= STAFF_SCOPE;

/** The message's author as far as the rules go: an anonymous tip still has a sender. */
const authorOf = (m: VisibleMessage) => m.user_hash ?? m.sender_hash ?? null;

/**
 * Document 2 sections 4 and 6: hidden messages reach staff and their author only; a tip from
 * a kick-tagged sender is kept from signed-in players who have a partner, unless they sent or
 * received it, the sender is their partner, or they are staff.
 */
export function chatMessageVisible(m: VisibleMessage, viewer: ChatViewer | null): boolean {
  if (m.hidden && !isStaff(viewer) && (viewer === null || authorOf(m) !== viewer.hash)) return false;
  if (m.origin === 'tip' && m.details.kick && viewer !== null && viewer.partnerHash !== null && !isStaff(viewer)) {
    const involved = authorOf(m) === viewer.hash || m.details.recipient_hash === viewer.hash;
    // An anonymous tip names no sender, so it cannot be shown as the partner's.
    const fromPartner = authorOf(m) === viewer.partnerHash;
    if (!involved && !fromPartner) return false;
  }
  return true;
}
