import { CHAT_LIMITS } from '../../core/chat.ts';

const KEY = 'chat.recent-emojis';

/** The emoji codes used last, newest first (document 2: Recently Used keeps 5). */
export function readRecentEmojis(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, CHAT_LIMITS.recentEmojis) : [];
  } catch {
    return [];
  }
}

/** Puts a code first in Recently Used. */
export function rememberEmoji(code: string): string[] {
  const next = [code, ...readRecentEmojis().filter((c) => c !== code)].slice(0, CHAT_LIMITS.recentEmojis);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode: Recently Used lasts for this page only.
  }
  return next;
}
