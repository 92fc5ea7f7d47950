/**
 * The chat as a player sees it: the first page of chat.messages, then the CHAT room's frames
 * applied with the same visibility rules the server used (src/core/chat.ts), the pause, the
 * real online count, and this player's mutes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Rooms, type ChatMessage, type ChatUser, type MethodResult } from '../../contract/index.ts';
import { chatMessageVisible, STAFF_SCOPE, type ChatViewer } from '../../core/chat.ts';
import { rpc, socket } from '../../net/index.ts';
import { useAccount, useLogged } from '../session/index.ts';
import { addMessage, EMPTY_LIST, flushQueue, loadList, restoreMessage, updateMessage, updateUser, type ChatListState } from './chat-list.ts';

/** Query keys of the chat. */
export const chatKeys = {
  all: ['chat'] as const,
  messages: (logged: boolean, staff: boolean) => ['chat', 'messages', logged, staff] as const,
  muted: ['chat', 'muted'] as const,
};

/** Muted list: pruned every 30 s (document 2 section 9). */
const MUTE_PRUNE_MS = 30_000;

export type ChatPage = MethodResult<'chat.messages'>;

/** This player's mutes (user hash to expiry, unix seconds) with their users; idle for visitors. */
export function useMutes() {
  const logged = useLogged();
  return useQuery({
    queryKey: chatKeys.muted,
    queryFn: ({ signal }) => rpc.call('chat-mute.loadMuted', { batch: 'CHAT' }, { signal }),
    enabled: logged,
    staleTime: 60_000,
  });
}

/** Follows the CHAT room while mounted. `lockedRef` says whether new messages should queue. */
export function useChatRoom(lockedRef: { readonly current: boolean }) {
  const logged = useLogged();
  const account = useAccount();
  const staff = (account.data?.user.scope ?? 0) >= STAFF_SCOPE;
  const page = useQuery({
    queryKey: chatKeys.messages(logged, staff),
    queryFn: async ({ signal }) => {
      const data = await rpc.call('chat.messages', { count: 50, batch: 'CHAT', ...(staff ? { fields: 'hidden' as const } : {}) }, { signal });
      // The cooldown runs on this clock: the server's send_after is moved by the time it answered.
      const at = Date.now();
      return { ...data, cooldown: { from: at, until: data.send_after > data.time ? at + (data.send_after - data.time) : 0 } };
    },
    staleTime: 0,
    enabled: !logged || account.data !== undefined,
  });
  const [list, setList] = useState<ChatListState>(EMPTY_LIST);
  const [paused, setPaused] = useState(false);
  /** Real sockets and, counted apart, the sim's simulated players (docs/decisions/0050). */
  const [online, setOnline] = useState<{ online: number; simulated: number } | null>(null);
  const [me, setMe] = useState<ChatUser | null>(null);
  const viewerRef = useRef<ChatViewer | null>(null);

  // A fresh page replaces what the frames built (React's "adjust state when a prop changes").
  const [loaded, setLoaded] = useState<typeof page.data>(undefined);
  if (page.data !== loaded) {
    setLoaded(page.data);
    if (page.data) {
      setList(loadList(page.data.messages, page.data.users));
      setPaused(page.data.paused);
      setOnline({ online: page.data.online, simulated: page.data.simulated });
      setMe(page.data.me);
    }
  }

  useEffect(() => {
    viewerRef.current = me ? { hash: me.hash, scope: me.scope, partnerHash: me.partnership.partner_hash } : null;
  }, [me]);

  const queryClient = useQueryClient();
  useEffect(() => {
    const leave = socket.subscribe(Rooms.chat);
    const isStaff = () => (viewerRef.current?.scope ?? 0) >= STAFF_SCOPE;
    const offs = [
      socket.on('MSG_CREATED', ({ message, users }) => {
        if (!chatMessageVisible(message, viewerRef.current)) return;
        setList((now) => addMessage(now, message, users, lockedRef.current));
      }),
      socket.on('MSG_HIDDEN', ({ hash }) =>
        setList((now) =>
          updateMessage(now, hash, (m) => (isStaff() || (m.user_hash ?? m.sender_hash) === viewerRef.current?.hash ? { ...m, hidden: true } : null)),
        ),
      ),
      socket.on('MSG_UNHIDDEN', ({ message, users }) => {
        if (!chatMessageVisible(message, viewerRef.current)) return;
        setList((now) => restoreMessage(now, message, users));
      }),
      socket.on('MSG_DELETED', ({ hash }) => setList((now) => updateMessage(now, hash, () => null))),
      socket.on('CHAT_PAUSED', ({ paused: value }) => setPaused(value)),
      socket.on('CHAT_ONLINE', (counts) => setOnline(counts)),
      socket.on('CHAT_USER_BANNED', ({ user }) => {
        setList((now) => updateUser(now, user));
        if (user.hash === viewerRef.current?.hash) setMe(user);
      }),
      socket.on('ROOM_RESYNC', ({ room }) => {
        if (room === Rooms.chat) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      }),
    ];
    return () => {
      for (const off of offs) off();
      leave();
    };
  }, [lockedRef, queryClient]);

  /** A message this player just sent (its frame may come later; the hash keeps it single). */
  const addOwn = useCallback((message: ChatMessage) => setList((now) => addMessage(flushQueue(now), message, [], false)), []);
  const unlock = useCallback(() => setList(flushQueue), []);
  return { page, list, paused, online, me, addOwn, unlock, staff };
}

/** The muted users' hashes whose mute still runs, re-read every 30 s. */
export function useActiveMutes(muted: Readonly<Record<string, number>> | undefined): ReadonlySet<string> {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MUTE_PRUNE_MS);
    return () => clearInterval(timer);
  }, []);
  return useMemo(() => new Set(Object.entries(muted ?? {}).filter(([, expire]) => expire * 1000 > now).map(([hash]) => hash)), [muted, now]);
}
