import type { ReactNode } from 'react';
import type { EmojiBundle } from '../../contract/index.ts';
import { PathLink } from '../../ui/path-link.tsx';
import { chatOpen } from './chat-state.ts';
import { isUpTo } from '../../ui/breakpoints.ts';

/** Emoji codes, web links, battle paths and profile paths, in the order they appear. */
const TOKEN = /::([a-z][a-z0-9]*)_(\d{1,3})::|(https?:\/\/[^\s<>]+)|(\/battle\/[A-Za-z0-9]+)|(\/@[A-Za-z0-9_]{3,25})/g;

/** Glyphs by emoji code. */
export function emojiGlyphs(bundles: readonly EmojiBundle[]): ReadonlyMap<string, string> {
  return new Map(bundles.flatMap((b) => b.content.map((e) => [`${b.key}_${e.index}`, e.emoji] as const)));
}

const isMobile = () => isUpTo('mobile');

/**
 * A message's words: emoji codes become glyphs, /battle/{id} links open in this tab (and
 * close the chat on a phone), /@{name} opens the profile, other links open in a new tab.
 */
export function ChatText({ text, glyphs }: { text: string; glyphs: ReadonlyMap<string, string> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    const [whole, key, index, url, battle, profile] = match;
    if (key !== undefined) {
      const glyph = glyphs.get(`${key}_${index}`);
      parts.push(glyph ? <span key={at} className="chat-emoji" role="img" aria-label={`${key} ${index}`}>{glyph}</span> : whole);
    } else if (url !== undefined) {
      parts.push(<a key={at} href={url} target="_blank" rel="noopener noreferrer nofollow">{url}</a>);
    } else if (battle !== undefined) {
      parts.push(<PathLink key={at} to={battle} onClick={() => isMobile() && chatOpen.set(false)}>{battle}</PathLink>);
    } else if (profile !== undefined) {
      parts.push(<PathLink key={at} to={profile}>{profile}</PathLink>);
    }
    last = at + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
