import { Suspense, memo, useState } from 'react';
import type { ChatMessage, ChatUser } from '../../contract/index.ts';
import { STAFF_SCOPE } from '../../core/chat.ts';
import { formatMultiplier } from '../../core/chicken-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { NameBadge } from '../../ui/name-badge.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { UserName } from '../profile/index.ts';
import { ChatText } from './chat-text.tsx';
import { SPECIAL_ORIGINS, SpecialMessage } from './special-message.tsx';
import type { StealMark } from './steal-marks.ts';

/** Badge letters by scope (document 2 section 6: moderator, support, developer, admin, owner). */
const BADGES: Record<number, { letter: string; title: string }> = {
  1: { letter: 'M', title: 'Moderator' },
  2: { letter: 'S', title: 'Support' },
  3: { letter: 'D', title: 'Developer' },
  4: { letter: 'A', title: 'Admin' },
  5: { letter: 'O', title: 'Owner' },
};

/** What a player may do to a message from its hover actions. */
export type MessageAction = 'reply' | 'tip' | 'mute' | 'hide' | 'unhide' | 'delete' | 'ban';

/** Document 2 section 6: who gets which hover action on whose message. */
export function actionsFor(message: ChatMessage, author: ChatUser | undefined, me: ChatUser | null): MessageAction[] {
  if (!me || !author) return [];
  const own = author.hash === me.hash;
  const actions: MessageAction[] = [];
  if (!own && message.origin === null) actions.push('reply');
  if (!own) actions.push('tip');
  if (!own && me.scope < STAFF_SCOPE && author.scope === 0) actions.push('mute');
  if (me.scope >= STAFF_SCOPE) {
    if (!own) actions.push(message.hidden ? 'unhide' : 'hide');
    actions.push('delete');
    if (!own && author.scope < me.scope) actions.push('ban');
  }
  return actions;
}

const ACTION_LABELS: Record<MessageAction, string> = { reply: 'Reply', tip: 'Tip', mute: 'Mute', hide: 'Hide', unhide: 'Unhide', delete: 'Delete', ban: 'Ban' };

/** A new message's avatar animates while it is younger than this (document 2 section 4). */
const FRESH_MS = 3000;

interface Props {
  message: ChatMessage;
  users: Readonly<Record<string, ChatUser>>;
  reply: ChatMessage | undefined;
  glyphs: ReadonlyMap<string, string>;
  me: ChatUser | null;
  /** The author plays the battling split-or-steal game (an opponent of the viewer, or a player). */
  stealMark?: StealMark | undefined;
  onAction(action: MessageAction, message: ChatMessage, author: ChatUser): void;
}

function Name({ user }: { user: ChatUser }) {
  const badge = BADGES[user.scope];
  return (
    <span className="chat-name">
      {badge && (
        <span className={`chat-badge chat-badge-${user.scope}`} title={badge.title}>
          {badge.letter}
        </span>
      )}
      <span className="chat-level">{user.level}</span>
      <Suspense fallback={<span className="chat-user">{user.display_name}</span>}>
        <UserName user={user} className="chat-user" />
      </Suspense>
      <NameBadge badge={user.info.badge} />
    </span>
  );
}

/** One chat line: author, reply quote, words (or a tip notice) and the hover actions. */
export const ChatMessageItem = memo(function ChatMessageItem({ message, users, reply, glyphs, me, stealMark, onAction }: Props) {
  const authorHash = message.user_hash ?? message.sender_hash ?? null;
  const author = authorHash ? users[authorHash] : undefined;
  const [revealed, setRevealed] = useState(false);
  const [fresh] = useState(() => Date.now() - message.time < FRESH_MS);
  const actions = actionsFor(message, author, me);

  if (message.origin === 'tip') {
    const recipient = message.details.recipient_hash ? users[message.details.recipient_hash] : undefined;
    const from = message.user_hash && author ? author.display_name : 'Anonymous';
    return (
      <div className="chat-msg chat-msg-tip" data-hash={message.hash}>
        <span className="chat-tip-icon" aria-hidden>
          🎁
        </span>
        <p>
          <strong>{from}</strong> tipped <strong className="chat-amount">{formatCoins(message.details.amount ?? 0)}</strong> coins to{' '}
          <strong>{recipient?.display_name ?? message.details.recepient_name ?? 'a player'}</strong>
          {message.details.need_wager ? ' (to wager)' : ''}
        </p>
      </div>
    );
  }

  if (message.origin === 'game_chicken') {
    const { game_hash: game, payout = 0, multiplier = 0 } = message.details;
    return (
      <div className="chat-msg chat-msg-tip chat-msg-game" data-hash={message.hash}>
        <span className="chat-tip-icon" aria-hidden>
          🐔
        </span>
        <p>
          <strong>{author?.display_name ?? 'A player'}</strong> cashed out <strong className="chat-amount">{formatCoins(payout)}</strong> coins at x{formatMultiplier(multiplier)} in{' '}
          {game ? <PathLink to={`/chicken/${game}`}>Catch the Chicken</PathLink> : 'Catch the Chicken'}
        </p>
      </div>
    );
  }

  if (message.origin !== null && SPECIAL_ORIGINS.has(message.origin)) return <SpecialMessage message={message} author={author} />;

  const hiddenByBan = author?.banned === true && !revealed && author.hash !== me?.hash;
  return (
    <div className={`chat-msg${message.hidden ? ' chat-msg-hidden' : ''}${stealMark ? ` chat-msg-steal chat-msg-steal-${stealMark}` : ''}`} data-hash={message.hash} data-steal={stealMark}>
      <span className={fresh ? 'chat-avatar chat-avatar-fresh' : 'chat-avatar'}>
        <Avatar name={author?.display_name ?? '?'} userHash={authorHash ?? message.hash} src={author?.info.avatar} size={32} />
      </span>
      <div className="chat-msg-body">
        {author && <Name user={author} />}
        {stealMark && (
          <span className="chat-steal-mark" title={stealMark === 'opponent' ? 'Your opponent in split or steal' : 'Plays the split-or-steal game now'}>
            {stealMark === 'opponent' ? 'Your opponent' : 'Split or steal'}
          </span>
        )}
        {reply && (
          <p className="chat-quote">
            ↪ {(reply.user_hash && users[reply.user_hash]?.display_name) || 'Player'}: {reply.text.slice(0, 60)}
          </p>
        )}
        {hiddenByBan ? (
          <button type="button" className="chat-reveal" onClick={() => setRevealed(true)}>
            Message from a banned player. Show
          </button>
        ) : (
          <p className="chat-words">
            <ChatText text={message.text} glyphs={glyphs} />
          </p>
        )}
      </div>
      {actions.length > 0 && author && (
        <div className="chat-actions" role="group" aria-label={`Actions for ${author.display_name}'s message`}>
          {actions.map((action) => (
            <button key={action} type="button" className="chat-action" onClick={() => onAction(action, message, author)}>
              {ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
});
