import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessage, ChatUser } from '../../contract/index.ts';
import { CHAT_LIMITS } from '../../core/chat.ts';
import { queuedLabel } from './chat-list.ts';
import { ChatMessageItem, type MessageAction } from './chat-message.tsx';
import type { StealMark } from './steal-marks.ts';

interface Props {
  messages: readonly ChatMessage[];
  users: Readonly<Record<string, ChatUser>>;
  queued: number;
  glyphs: ReadonlyMap<string, string>;
  me: ChatUser | null;
  /** Authors playing the battling split-or-steal game, by hash. */
  stealMarks: ReadonlyMap<string, StealMark>;
  locked: boolean;
  setLocked(locked: boolean): void;
  onUnlock(): void;
  onAction(action: MessageAction, message: ChatMessage, author: ChatUser): void;
}

/**
 * The message list, virtualised (only the rows in view are in the DOM). Scrolled more than
 * 20 px from the bottom it locks: auto scroll stops and new messages wait in the queue behind
 * "See new messages - N"; back at the bottom (or by that button) the queue joins the list.
 */
export function ChatListView({ messages, users, queued, glyphs, me, stealMarks, locked, setLocked, onUnlock, onAction }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const byHash = useMemo(() => new Map(messages.map((m) => [m.hash, m])), [messages]);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 58,
    overscan: 6,
    getItemKey: (index) => messages[index]!.hash,
  });

  const toBottom = () => {
    if (messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  };

  useLayoutEffect(() => {
    if (!locked) toBottom();
    // Follows the list's length only: a lock must not jump back down.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages.length, locked]);

  // Document 2 section 9: with fewer than 50 queued, focusing the window returns to auto scroll.
  useEffect(() => {
    const onFocus = () => {
      if (locked && queued < CHAT_LIMITS.queue) {
        setLocked(false);
        onUnlock();
      }
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [locked, queued, setLocked, onUnlock]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const away = el.scrollHeight - el.scrollTop - el.clientHeight > CHAT_LIMITS.scrollLockPx;
    if (away !== locked) {
      setLocked(away);
      if (!away) onUnlock();
    }
  };

  return (
    <div className="chat-list-wrap">
      <div ref={scroller} className="chat-list" onScroll={onScroll} role="log" aria-label="Chat messages" aria-live="polite">
        {messages.length === 0 && <p className="chat-empty">No messages yet. Say hello!</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const message = messages[row.index]!;
            return (
              <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className="chat-row" style={{ transform: `translateY(${row.start}px)` }}>
                <ChatMessageItem
                  message={message}
                  users={users}
                  reply={message.reply_hash ? byHash.get(message.reply_hash) : undefined}
                  glyphs={glyphs}
                  me={me}
                  stealMark={message.user_hash ? stealMarks.get(message.user_hash) : undefined}
                  onAction={onAction}
                />
              </div>
            );
          })}
        </div>
      </div>
      {locked && (
        <button
          type="button"
          className="chat-new"
          onClick={() => {
            setLocked(false);
            onUnlock();
          }}
        >
          {queued > 0 ? `See new messages - ${queuedLabel(queued)}` : 'Chat paused due to scroll'}
        </button>
      )}
    </div>
  );
}
