import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SUPPORT_LIMITS, type SupportThread } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { dateFormat } from '../../ui/date-format.ts';
import { Modal } from '../../ui/modal.tsx';
import { sessionModal, useLogged } from '../session/index.ts';
import { addMessage, supportKeys, supportThreadQuery, useLiveSupport, type ThreadState } from './support-thread.ts';
import './support.css';

/** The window's width: the support window's before it became a chat (document 1 section 9 gives none). */
const WIDTH = 459;
/** The counter shows once a message passes this many characters. */
const COUNTER_FROM = SUPPORT_LIMITS.maxLength - 100;
/** As the public chat refuses a send (document 2 section 5: a shake of 1 s). */
const SHAKE_MS = 1000;

interface Props {
  /** Closes the window (the shell's store). */
  onClose(): void;
  /** The support address, for visitors and as a fallback. */
  email: string;
}

/**
 * The support chat /support opens over the page the player came from (document 1 route table;
 * docs/decisions/0054): their thread with support, answers arriving live, a box to write.
 * Signing out while it is open shuts it (document 1 section 4); visitors are asked to sign in.
 */
export default function SupportChat({ onClose, email }: Props) {
  const logged = useLogged();
  const wasLogged = useRef(logged);
  useEffect(() => {
    if (wasLogged.current && !logged) onClose();
    wasLogged.current = logged;
  }, [logged, onClose]);

  return (
    <Modal title="Support" width={WIDTH} onClose={onClose}>
      {logged ? (
        <Conversation email={email} />
      ) : (
        <div className="support-guest">
          <p>Sign in to chat with our support team: your conversation stays here while you play.</p>
          <p>
            Or write to <a href={`mailto:${email}`}>{email}</a> with your player name.
          </p>
          <div className="modal-actions">
            <button type="button" className={buttonClass('primary')} data-autofocus onClick={() => sessionModal.set('login')}>
              Sign in
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

const ended = (thread: SupportThread) =>
  thread.closed_reason === 'logout' ? 'This conversation ended when you logged out.' : 'Support closed this conversation.';

const clock = dateFormat({ hour: '2-digit', minute: '2-digit' }).format;

function Conversation({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery(supportThreadQuery());
  useLiveSupport();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shake, setShake] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  const messages = thread.data?.messages ?? [];
  const closed = thread.data?.thread?.status === 'closed' ? thread.data.thread : null;

  // The newest message (or the notice that the thread ended) in view, as a chat does.
  const end = `${messages.at(-1)?.hash ?? ''}:${closed?.status ?? ''}`;
  useEffect(() => {
    if (end) list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [end]);

  const refuse = (reason: string | null) => {
    setProblem(reason);
    setShake(true);
    setTimeout(() => setShake(false), SHAKE_MS);
  };

  const send = useMutation({
    mutationFn: (body: string) => rpc.call('support.send', { text: body }),
    onSuccess: ({ thread: opened, message }) => {
      queryClient.setQueryData<ThreadState>(supportKeys.thread, (state) => addMessage(state ?? { thread: opened, messages: [] }, message, opened) ?? { thread: opened, messages: [message] });
    },
    onError: (error, body) => {
      setText((now) => now || body);
      refuse(error instanceof Error ? error.message : 'Your message was not sent. Try again later.');
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    // Document 2 section 5's rule for the chat, kept here: empty text is refused, cleared and shaken.
    if (!body) {
      setText('');
      refuse(null);
      return;
    }
    if (body.length > SUPPORT_LIMITS.maxLength) {
      refuse(`A message is at most ${SUPPORT_LIMITS.maxLength} characters.`);
      return;
    }
    setProblem(null);
    setText('');
    send.mutate(body);
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const length = text.trim().length;
  return (
    <div className="support-chat">
      <ol ref={list} className="support-messages" aria-label="Conversation with support" aria-live="polite">
        <li className="support-message from-agent">
          <span className="support-author">Support</span>
          Hi! Ask us anything about your account, payments or games, and an agent answers here.
        </li>
        {thread.isPending ? <li className="support-status">Loading your conversation…</li> : null}
        {thread.isError ? (
          <li className="support-status">
            Your conversation could not be loaded. <button type="button" className="support-retry" onClick={() => void thread.refetch()}>Try again</button> or write to <a href={`mailto:${email}`}>{email}</a>.
          </li>
        ) : null}
        {messages.map((m) => (
          <li key={m.hash} className={`support-message from-${m.from}`} data-from={m.from}>
            <span className="support-author">
              {m.from === 'agent' ? 'Support' : 'You'} · <time dateTime={new Date(m.created_at).toISOString()}>{clock(m.created_at)}</time>
            </span>
            {m.text}
          </li>
        ))}
        {closed ? <li className="support-status">{ended(closed)} Write again to start a new one.</li> : null}
      </ol>
      <form className={`support-form${shake ? ' support-shake' : ''}`} onSubmit={submit}>
        <label className="visually-hidden" htmlFor="support-text">
          Message to support
        </label>
        <textarea
          id="support-text"
          className="support-input"
          rows={2}
          value={text}
          placeholder="Write a message…"
          maxLength={SUPPORT_LIMITS.maxLength + 200}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKey}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'support-problem' : undefined}
          data-autofocus
        />
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={send.isPending}>
          Send
        </button>
      </form>
      <div className="support-foot">
        {problem ? (
          <p id="support-problem" className="support-problem" role="alert">
            {problem}
          </p>
        ) : (
          <span />
        )}
        {length > COUNTER_FROM ? (
          <span className={`support-counter${length > SUPPORT_LIMITS.maxLength ? ' over' : ''}`}>
            {length} / {SUPPORT_LIMITS.maxLength}
          </span>
        ) : null}
      </div>
    </div>
  );
}
