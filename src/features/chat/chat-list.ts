/**
 * The chat list's state (document 2 sections 4 and 9): what shows, and what waits in the
 * temporary queue while the list is scroll-locked. Pure, so the rules are tested without a DOM.
 */
import type { ChatMessage, ChatUser } from '../../contract/index.ts';
import { CHAT_LIMITS } from '../../core/chat.ts';

export interface ChatListState {
  readonly messages: readonly ChatMessage[];
  /** Messages that came while scroll-locked, oldest first (at most CHAT_LIMITS.queue kept). */
  readonly queue: readonly ChatMessage[];
  /** How many came while locked, to show "See new messages - N" (50+ past the cap). */
  readonly queued: number;
  readonly users: Readonly<Record<string, ChatUser>>;
}

export const EMPTY_LIST: ChatListState = { messages: [], queue: [], queued: 0, users: {} };

/** Keeps at most `keep` messages: past it the oldest `drop` go. */
function trim(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return messages.length > CHAT_LIMITS.keep ? messages.slice(CHAT_LIMITS.drop) : messages;
}

const withUsers = (state: ChatListState, users: readonly ChatUser[]) =>
  users.length === 0 ? state.users : { ...state.users, ...Object.fromEntries(users.map((u) => [u.hash, u])) };

/** The first page of chat.messages. */
export function loadList(messages: readonly ChatMessage[], users: Record<string, ChatUser>): ChatListState {
  return { messages: trim(messages), queue: [], queued: 0, users };
}

/** A message arrived: onto the list, or into the queue while locked. A hash seen before is ignored. */
export function addMessage(state: ChatListState, message: ChatMessage, users: readonly ChatUser[], locked: boolean): ChatListState {
  if (state.messages.some((m) => m.hash === message.hash) || state.queue.some((m) => m.hash === message.hash)) return state;
  const next = { ...state, users: withUsers(state, users) };
  if (locked) return { ...next, queue: [...state.queue, message].slice(-CHAT_LIMITS.queue), queued: state.queued + 1 };
  return { ...next, messages: trim([...state.messages, message]) };
}

/** The list was unlocked: the queue joins it. */
export function flushQueue(state: ChatListState): ChatListState {
  if (state.queue.length === 0 && state.queued === 0) return state;
  return { ...state, messages: trim([...state.messages, ...state.queue]), queue: [], queued: 0 };
}

/** Changes one message wherever it sits; `null` removes it. */
export function updateMessage(state: ChatListState, hash: string, change: (m: ChatMessage) => ChatMessage | null): ChatListState {
  const apply = (list: readonly ChatMessage[]) =>
    list.flatMap((m) => {
      if (m.hash !== hash) return [m];
      const next = change(m);
      return next ? [next] : [];
    });
  return { ...state, messages: apply(state.messages), queue: apply(state.queue) };
}

/** Puts a user's new state (a chat ban) into the map. */
export function updateUser(state: ChatListState, user: ChatUser): ChatListState {
  return { ...state, users: withUsers(state, [user]) };
}

/** The "See new messages - N" label's number. */
export function queuedLabel(queued: number): string {
  return queued > CHAT_LIMITS.queue ? `${CHAT_LIMITS.queue}+` : String(queued);
}

/** An unhidden message comes back where its time puts it (or just loses its hidden mark). */
export function restoreMessage(state: ChatListState, message: ChatMessage, users: readonly ChatUser[]): ChatListState {
  const next = { ...state, users: withUsers(state, users) };
  if (state.messages.some((m) => m.hash === message.hash)) return { ...next, messages: state.messages.map((m) => (m.hash === message.hash ? message : m)) };
  const at = state.messages.findIndex((m) => m.time > message.time);
  if (at === 0 && state.messages.length >= CHAT_LIMITS.keep) return next;
  const messages = at === -1 ? [...state.messages, message] : [...state.messages.slice(0, at), message, ...state.messages.slice(at)];
  return { ...next, messages: trim(messages) };
}
