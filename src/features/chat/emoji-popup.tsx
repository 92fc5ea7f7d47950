import { useState } from 'react';
import type { EmojiBundle } from '../../contract/index.ts';
import { emojiCode } from '../../core/chat.ts';
import { readRecentEmojis } from './recent-emojis.ts';

const RECENT = 'recent';

/** The emoji popup: one tab per pack and Recently Used (5). */
export function EmojiPopup({ bundles, glyphs, onPick }: { bundles: readonly EmojiBundle[]; glyphs: ReadonlyMap<string, string>; onPick(code: string): void }) {
  const recent = readRecentEmojis().filter((code) => glyphs.has(code.slice(2, -2)));
  const [tab, setTab] = useState(recent.length > 0 ? RECENT : (bundles[0]?.key ?? RECENT));
  const shown = tab === RECENT ? recent : (bundles.find((b) => b.key === tab)?.content.map((e) => emojiCode(tab, e.index)) ?? []);
  return (
    <div className="chat-emoji-popup" role="dialog" aria-label="Emojis">
      <div className="chat-emoji-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === RECENT} className="chat-emoji-tab" onClick={() => setTab(RECENT)}>
          Recently Used
        </button>
        {bundles.map((b) => (
          <button key={b.key} type="button" role="tab" aria-selected={tab === b.key} className="chat-emoji-tab" onClick={() => setTab(b.key)}>
            {b.name}
          </button>
        ))}
      </div>
      <div className="chat-emoji-grid" role="tabpanel">
        {shown.length === 0 && <p className="muted">Nothing used yet.</p>}
        {shown.map((code) => (
          <button key={code} type="button" className="chat-emoji-pick" aria-label={`Emoji ${code.slice(2, -2)}`} onClick={() => onPick(code)}>
            {glyphs.get(code.slice(2, -2))}
          </button>
        ))}
      </div>
    </div>
  );
}
