/**
 * The player's support thread on the client (docs/decisions/0054): the query, and what the
 * socket's SUPPORT_MESSAGE and SUPPORT_CLOSED do to it. Under the session's keys, so a sign-out
 * drops it with the rest of the session (document 1 section 4: logout shuts down support chat).
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MethodResult, SupportMessage, SupportThread } from '../../contract/index.ts';
import { rpc, socket } from '../../net/index.ts';

/** The thread as the window holds it: the open thread (or the one that just ended) and its messages. */
export type ThreadState = MethodResult<'support.thread'>;

export const supportKeys = { thread: ['session', 'support'] as const };

/** The open thread, read once per opening of the window; the socket keeps it current after. */
export function supportThreadQuery() {
  return queryOptions({
    queryKey: supportKeys.thread,
    queryFn: ({ signal }) => rpc.call('support.thread', {}, { signal }),
    staleTime: 0,
  });
}

/**
 * A message joins the thread it belongs to once (the sending tab has it from the answer and
 * hears it again on the socket). A message of another thread than the one shown is the start
 * of a new one: it replaces the ended thread.
 */
export function addMessage(state: ThreadState | undefined, message: SupportMessage, thread?: SupportThread): ThreadState | undefined {
  if (!state) return state;
  if (state.thread?.hash !== message.thread_hash) {
    return thread ? { thread, messages: [message] } : undefined;
  }
  if (state.messages.some((m) => m.hash === message.hash)) return state;
  return { thread: thread ?? state.thread, messages: [...state.messages, message] };
}

/** Follows the player's thread live while the window is open. */
export function useLiveSupport(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offMessage = socket.on('SUPPORT_MESSAGE', ({ message }) => {
      const next = addMessage(queryClient.getQueryData(supportKeys.thread), message);
      // A thread this tab did not know of (opened in another tab): read it whole.
      if (next) queryClient.setQueryData(supportKeys.thread, next);
      else void queryClient.invalidateQueries({ queryKey: supportKeys.thread });
    });
    const offClosed = socket.on('SUPPORT_CLOSED', ({ thread_hash, reason }) => {
      queryClient.setQueryData<ThreadState>(supportKeys.thread, (state) =>
        state?.thread?.hash === thread_hash ? { ...state, thread: { ...state.thread, status: 'closed', closed_at: Date.now(), closed_reason: reason } } : state,
      );
    });
    return () => {
      offMessage();
      offClosed();
    };
  }, [queryClient]);
}
