import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatMessage, ChatUser, EmojiBundle } from '../../contract/index.ts';
import { CHAT_LIMITS, parseChatLine, STAFF_SCOPE } from '../../core/chat.ts';
import { rpc } from '../../net/index.ts';
import { useNow } from '../../ui/use-now.ts';
import { pushNotice } from '../notifications/index.ts';
import { EmojiPopup } from './emoji-popup.tsx';
import { rememberEmoji } from './recent-emojis.ts';

/** Document 2 section 8. */
export const SEND_FAILED = "We're sorry, but there was an error sending your message to chat.";
const SHAKE_MS = 1000;

interface Props {
  me: ChatUser;
  paused: boolean;
  /** The player joined the anonymous split-or-steal game that is battling: no writing until it ends. */
  giveaway: boolean;
  bundles: readonly EmojiBundle[];
  glyphs: ReadonlyMap<string, string>;
  reply: { message: ChatMessage; author: ChatUser } | null;
  setReply(reply: { message: ChatMessage; author: ChatUser } | null): void;
  cooldown: Cooldown;
  onSent(message: ChatMessage): void;
  onTipCommand(userId: number): void;
}

/** The send delay: set at `from`, runs until `until` (local milliseconds). */
export interface Cooldown {
  from: number;
  until: number;
}

/** Seconds left of the send delay, ticking every second. */
function useCountdown({ from, until }: Cooldown): number {
  // A delay set after the last tick counts from the moment it was set.
  const now = Math.max(useNow(), from);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The input's state while its player is in an anonymous steal game that battles (document 2 section 2). */
export const IN_GIVEAWAY = 'You’re in the giveaway';

/**
 * The input (document 2 sections 2, 4 and 5): banned notice, CHAT PAUSED for ordinary players,
 * "You’re in the giveaway" during an anonymous steal game the player joined, or the field with
 * its emoji popup, reply bar and "n / 200" counter past 100 characters.
 * A failed send restores the text and reply, shakes for 1 s and says "Try again later".
 */
export function ChatInput({ me, paused, giveaway, bundles, glyphs, reply, setReply, cooldown, onSent, onTipCommand }: Props) {
  const [text, setText] = useState('');
  const [shake, setShake] = useState(false);
  const [failedRecently, setFailedRecently] = useState(false);
  const [focused, setFocused] = useState(false);
  const [emojis, setEmojis] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const left = useCountdown(cooldown);

  const doShake = () => {
    setShake(true);
    setTimeout(() => setShake(false), SHAKE_MS);
  };

  const send = useMutation({
    mutationFn: (vars: { text: string; reply: Props['reply'] }) =>
      rpc.call('chat.send', { text: vars.text, ...(vars.reply ? { reply_hash: vars.reply.message.hash } : {}) }),
    onSuccess: ({ message }) => onSent(message),
    onError: (error, vars) => {
      setText(vars.text);
      setReply(vars.reply);
      doShake();
      setFailedRecently(true);
      setTimeout(() => setFailedRecently(false), SHAKE_MS);
      pushNotice({ type: 'error', title: 'Chat', message: `${SEND_FAILED} ${error instanceof Error ? error.message : ''}`.trim() });
    },
  });

  useEffect(() => {
    if (reply) field.current?.focus();
  }, [reply]);

  if (me.banned) {
    return (
      <div className="chat-input chat-input-state" role="status">
        You are banned from the chat{me.banned_until ? ` until ${new Date(me.banned_until * 1000).toLocaleString()}` : ''}. See the{' '}
        <a href="/faq" target="_blank" rel="noopener noreferrer">
          terms
        </a>
        .
      </div>
    );
  }
  if (paused && me.scope < STAFF_SCOPE) {
    return (
      <div className="chat-input chat-input-state" role="status">
        CHAT PAUSED
      </div>
    );
  }
  if (giveaway) {
    return (
      <div className="chat-input chat-input-state chat-input-giveaway" role="status">
        <strong>{IN_GIVEAWAY}</strong>
        <span>The chat opens again when the game ends.</span>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const line = text.trim();
    if (line === '') {
      setText('');
      return doShake();
    }
    const parsed = parseChatLine(line);
    if (parsed.kind === 'tip') {
      setText('');
      return onTipCommand(parsed.userId);
    }
    if (left > 0) return doShake();
    setText('');
    setReply(null);
    setEmojis(false);
    send.mutate({ text: line, reply });
  };

  const addEmoji = (code: string) => {
    if (CHAT_LIMITS.maxLength - text.length < CHAT_LIMITS.emojiSpare) return doShake();
    rememberEmoji(code);
    setText((t) => `${t}${t && !t.endsWith(' ') ? ' ' : ''}${code} `);
    field.current?.focus();
  };

  const placeholder = failedRecently ? 'Try again later' : left > 0 ? `Wait ${left} s...` : focused ? 'English only...' : 'Type Message...';
  return (
    <form className={`chat-input${shake ? ' chat-shake' : ''}`} onSubmit={submit} aria-busy={send.isPending}>
      {reply && (
        <div className="chat-reply-bar">
          <span>
            Replying to <strong>{reply.author.display_name}</strong>
          </span>
          <button type="button" className="chat-action" aria-label="Cancel reply" onClick={() => setReply(null)}>
            ✕
          </button>
        </div>
      )}
      {emojis && <EmojiPopup bundles={bundles} glyphs={glyphs} onPick={addEmoji} />}
      <div className="chat-input-row">
        <button type="button" className="chat-emoji-toggle" aria-label="Emojis" aria-expanded={emojis} onClick={() => setEmojis(!emojis)}>
          🙂
        </button>
        <input
          ref={field}
          className="field-input"
          aria-label="Message"
          maxLength={CHAT_LIMITS.maxLength}
          placeholder={placeholder}
          value={text}
          disabled={send.isPending}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(event) => setText(event.target.value.replace(/[\r\n]+/g, ' '))}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={send.isPending}>
          {send.isPending ? '…' : 'Send'}
        </button>
      </div>
      {text.length > CHAT_LIMITS.counterAfter && (
        <span className="chat-counter" aria-live="polite">
          {text.length} / {CHAT_LIMITS.maxLength}
        </span>
      )}
    </form>
  );
}
