import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage, ChatUser, PublicUser, z } from '../../contract/index.ts';
import { onlineText } from '../../core/online.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { ChatIcon, CloseIcon } from '../../ui/icons.tsx';
import { pushNotice } from '../notifications/index.ts';
import { sessionModal } from '../session/index.ts';
import { ChatInput, type Cooldown } from './chat-input.tsx';
import { ChatListView } from './chat-list-view.tsx';
import { useActiveMutes, useChatRoom, useMutes } from './chat-live.ts';
import type { MessageAction } from './chat-message.tsx';
import { BanModal, BlockedUsersModal, MuteModal, RulesModal, TipModal } from './chat-modals.tsx';
import { chatOpen } from './chat-state.ts';
import { emojiGlyphs } from './chat-text.tsx';
import { RainBlock } from './rain-block.tsx';
import { StealBlock, useInGiveaway, useStealMarks } from './steal-block.tsx';
import './chat.css';

/** Document 2 section 8. */
const LOAD_FAILED = "Uh-oh, there's a problem with loading the chat messages.";
const BUNDLES_FAILED = "Sorry about that! We're having trouble loading the chat bundles.";

const NO_COOLDOWN: Cooldown = { from: 0, until: 0 };

type Dialog =
  | { kind: 'rules' }
  | { kind: 'blocked' }
  | { kind: 'tip'; user: Pick<z.output<typeof PublicUser>, 'hash' | 'display_name'> }
  | { kind: 'mute'; user: ChatUser }
  | { kind: 'ban'; user: ChatUser };

const problem = (title: string) => (error: unknown) => pushNotice({ type: 'error', title, message: error instanceof Error ? error.message : String(error) });

/** The public chat panel: a 327 px side panel on desktop, a sheet on phones. */
export default function ChatPanel() {
  const lockedRef = useRef(false);
  const [locked, setLockedState] = useState(false);
  const setLocked = useCallback((value: boolean) => {
    lockedRef.current = value;
    setLockedState(value);
  }, []);
  const { page, list, paused, online, me, addOwn, unlock } = useChatRoom(lockedRef);
  const mutes = useMutes();
  const muted = useActiveMutes(mutes.data?.muted);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [menu, setMenu] = useState(false);
  const [reply, setReply] = useState<{ message: ChatMessage; author: ChatUser } | null>(null);
  const [sentCooldown, setCooldown] = useState<Cooldown | null>(null);
  const close = useRef<HTMLButtonElement>(null);

  const cooldown = sentCooldown ?? page.data?.cooldown ?? NO_COOLDOWN;
  const bundles = useMemo(() => page.data?.bundles ?? [], [page.data]);
  const glyphs = useMemo(() => emojiGlyphs(bundles), [bundles]);
  // A card pack the player has not unlocked is drawn in messages but left out of the picker.
  const pickable = useMemo(() => bundles.filter((b) => !b.tags.includes('locked')), [bundles]);
  const pickGlyphs = useMemo(() => emojiGlyphs(pickable), [pickable]);
  const messages = useMemo(
    () => (muted.size === 0 ? list.messages : list.messages.filter((m) => !m.user_hash || !muted.has(m.user_hash))),
    [list.messages, muted],
  );

  useEffect(() => close.current?.focus(), []);
  useEffect(() => {
    document.documentElement.dataset.chatOpen = '1';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.modal')) chatOpen.set(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      delete document.documentElement.dataset.chatOpen;
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const prepareTip = useMutation({
    mutationFn: (userId: number) => rpc.call('chat-tip.prepare', { user_id: userId }),
    onSuccess: ({ user }) => setDialog({ kind: 'tip', user }),
    // Document 2 section 8: on preparation failure the dialog closes.
    onError: (error) => {
      setDialog(null);
      problem('Tip')(error);
    },
  });
  const pause = useMutation({ mutationFn: (value: boolean) => rpc.call('chat.pause', { pause: value ? 1 : 0 }), onError: problem('Pause') });
  const hide = useMutation({ mutationFn: (v: { hash: string; hide: boolean }) => rpc.call('chat.hide', { hash: v.hash, hide: v.hide ? 1 : 0 }), onError: problem('Hide') });
  const remove = useMutation({ mutationFn: (hash: string) => rpc.call('chat.delete', { hash }), onError: problem('Delete') });

  const onAction = useCallback(
    (action: MessageAction, message: ChatMessage, author: ChatUser) => {
      if (action === 'reply') setReply({ message, author });
      else if (action === 'tip') setDialog({ kind: 'tip', user: author });
      else if (action === 'mute') setDialog({ kind: 'mute', user: author });
      else if (action === 'ban') setDialog({ kind: 'ban', user: author });
      else if (action === 'hide' || action === 'unhide') hide.mutate({ hash: message.hash, hide: action === 'hide' });
      else remove.mutate(message.hash);
    },
    [hide, remove],
  );

  const onSent = useCallback(
    (message: ChatMessage) => {
      setLocked(false);
      addOwn(message);
      const delay = page.data?.user_timeout ?? 0;
      const at = Date.now();
      if (delay > 0) setCooldown({ from: at, until: at + delay * 1000 });
    },
    [addOwn, page.data?.user_timeout, setLocked],
  );

  const staff = (me?.scope ?? 0) >= 1;
  const giveaway = useInGiveaway();
  const stealMarks = useStealMarks(me?.hash ?? null);
  return (
    <aside className="chat-panel" aria-label="Chat">
      <div className="chat-head">
        <ChatIcon />
        <h2>Chat</h2>
        {online !== null && (
          <span className="chat-online" title="Connections open right now; simulated players are counted apart">
            <span className="chat-online-dot" aria-hidden /> {onlineText(online)}
          </span>
        )}
        {staff && (
          <Button size="sm" variant={paused ? 'danger' : 'ghost'} aria-pressed={paused} disabled={pause.isPending} onClick={() => pause.mutate(!paused)}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        <div className="chat-menu-wrap">
          <button type="button" className="icon-button" aria-label="Chat menu" aria-expanded={menu} onClick={() => setMenu(!menu)}>
            ⋯
          </button>
          {menu && (
            <div className="chat-menu" role="menu">
              <button type="button" role="menuitem" onClick={() => (setMenu(false), setDialog({ kind: 'rules' }))}>
                Chat rules
              </button>
              {me && (
                <button type="button" role="menuitem" onClick={() => (setMenu(false), setDialog({ kind: 'blocked' }))}>
                  Manage blocked users
                </button>
              )}
            </div>
          )}
        </div>
        <button ref={close} type="button" className="icon-button" aria-label="Close chat" onClick={() => chatOpen.set(false)}>
          <CloseIcon />
        </button>
      </div>
      <RainBlock me={me} />
      <StealBlock me={me} />
      {page.isError ? (
        <div className="chat-list-wrap">
          <p className="chat-empty" role="alert">
            {LOAD_FAILED}
          </p>
        </div>
      ) : (
        <ChatListView
          messages={messages}
          users={list.users}
          queued={list.queued}
          glyphs={glyphs}
          me={me}
          stealMarks={stealMarks}
          locked={locked}
          setLocked={setLocked}
          onUnlock={unlock}
          onAction={onAction}
        />
      )}
      {page.isSuccess && bundles.length === 0 && <p className="chat-note">{BUNDLES_FAILED}</p>}
      {me ? (
        <ChatInput
          me={me}
          paused={paused}
          giveaway={giveaway}
          bundles={pickable}
          glyphs={pickGlyphs}
          reply={reply}
          setReply={setReply}
          cooldown={cooldown}
          onSent={onSent}
          onTipCommand={(userId) => prepareTip.mutate(userId)}
        />
      ) : (
        <div className="chat-input chat-input-state">
          <Button variant="primary" onClick={() => sessionModal.set('login')}>
            Log in to chat
          </Button>
        </div>
      )}
      {dialog?.kind === 'rules' && <RulesModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'blocked' && <BlockedUsersModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'tip' && <TipModal user={dialog.user} myScope={me?.scope ?? 0} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'mute' && <MuteModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'ban' && <BanModal user={dialog.user} onClose={() => setDialog(null)} />}
    </aside>
  );
}
