/**
 * The request lifecycle's prompts (document 3 section 8): the RPC client holds calls on a
 * CAPTCHA_REQUIRED, SECURE_CODE_REQUIRED, SECURE_REQUIRED or ACTIVE_STREAM_PARTY_EXISTS answer
 * and asks the app; this shows the matching modal and reports how it ended. The socket can
 * raise the same prompts (PROTECTION_CHALLENGE, SECURE_REQUIRED, SECURE_CODE_REQUIRED,
 * CLOSE_PARTY); calls wait on those too.
 */
import { useEffect } from 'react';
import { rpc, socket, type PromptKind, type PromptOutcome, type RpcPrompt } from '../../net/index.ts';
import { createStore } from '../../ui/store.ts';

/** The prompt on screen, if any. */
export const shownPrompt = createStore<RpcPrompt | null>(null);

/** Spec: the protection challenge opens 50 ms after its event. */
export const CHALLENGE_DELAY_MS = 50;

/** Ends the prompt on screen: its waiting calls are retried (done) or cancelled. */
export function answerPrompt(kind: PromptKind, outcome: PromptOutcome): void {
  if (shownPrompt.get()?.kind === kind) shownPrompt.set(null);
  rpc.resolvePrompt(kind, outcome);
}

/** What a socket-raised prompt says when the server sent no words of its own. */
const SOCKET_MESSAGES: Record<PromptKind, string> = {
  captcha: 'Confirm that a person is playing before the arena goes on.',
  'secure-code': 'Enter the code from your authenticator app',
  'secure-setup': 'Set up two-factor authentication to continue',
  'close-party': 'Close your active stream party to continue.',
};

// The RPC client's prompts are taken from the first request on, not from the shell's mount: the
// first page's route loaders call before the app renders, and a prompt nobody listens for is
// refused (the call would fail instead of waiting). The modal shows the store once it mounts.
let challengeTimer: ReturnType<typeof setTimeout> | undefined;
rpc.on('prompt', (prompt) => {
  clearTimeout(challengeTimer);
  if (prompt.kind === 'captcha') challengeTimer = setTimeout(() => shownPrompt.set(prompt), CHALLENGE_DELAY_MS);
  else shownPrompt.set(prompt);
});

/** Raises the prompts the socket asks for; mounted once by the root route. */
export function usePrompts(): void {
  useEffect(() => {
    const raise = (kind: PromptKind, message: string | undefined, token?: string) =>
      void rpc.raisePrompt({ kind, message: message ?? SOCKET_MESSAGES[kind], ...(token ? { token } : {}) });
    const offs = [
      socket.on('PROTECTION_CHALLENGE', ({ token }) => raise('captcha', undefined, token)),
      socket.on('SECURE_CODE_REQUIRED', ({ message }) => raise('secure-code', message)),
      socket.on('SECURE_REQUIRED', ({ message }) => raise('secure-setup', message)),
      socket.on('CLOSE_PARTY', ({ message }) => raise('close-party', message)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);
}
