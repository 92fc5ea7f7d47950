/**
 * The prompt queue of the RPC client (document 3 section 8 'Request lifecycle'):
 * CAPTCHA_REQUIRED, SECURE_CODE_REQUIRED, SECURE_REQUIRED and ACTIVE_STREAM_PARTY_EXISTS
 * raise a prompt the app answers (protection challenge, 2FA code, 2FA setup, close the
 * party). One prompt is open at a time; calls that raise the same kind share it, and every
 * other call waits until it ends.
 */
import { NamedError, type ErrorCode } from '../contract/index.ts';

/** The prompts a call can wait on. */
export type PromptKind = 'captcha' | 'secure-code' | 'secure-setup' | 'close-party';

/** An open prompt: what to ask, and why. */
export interface RpcPrompt {
  kind: PromptKind;
  /** The server's words (e.g. 'Invalid 2FA code' after a wrong one). */
  message: string;
  /** The call that raised it; absent for a prompt the socket raised. */
  method?: string;
  /** The protection challenge's token, when the socket raised it. */
  token?: string;
}

/** How a prompt ended: done (a code prompt carries the code) or cancelled. */
export type PromptOutcome = { done: true; secure_code?: string } | { done: false };

/** The error codes that open a prompt instead of failing the call. */
export const PROMPT_ERRORS: Readonly<Partial<Record<ErrorCode, PromptKind>>> = {
  [NamedError.CAPTCHA_REQUIRED]: 'captcha',
  [NamedError.SECURE_CODE_REQUIRED]: 'secure-code',
  [NamedError.SECURE_REQUIRED]: 'secure-setup',
  [NamedError.ACTIVE_STREAM_PARTY_EXISTS]: 'close-party',
};

/** Spec: a waiting request cancelled by its prompt ends silently with this (code NOT_SHOW). */
export const CANCELLED_BY_USER = 'Cancelled by user.';

interface OpenPrompt {
  prompt: RpcPrompt;
  outcome: Promise<PromptOutcome>;
  resolve(outcome: PromptOutcome): void;
}

/** Builds the queue; `onOpen` tells the app a prompt opened. */
export function createPromptQueue(onOpen: (prompt: RpcPrompt) => void) {
  let openPrompt: OpenPrompt | null = null;
  let shows = 0;

  /** Resolves once no prompt is open, or only one of kind `except` is. */
  async function closed(except?: PromptKind): Promise<void> {
    for (let open = openPrompt; open && open.prompt.kind !== except; open = openPrompt) await open.outcome;
  }

  /**
   * Opens a prompt, or joins the open one of the same kind; a different kind waits for the
   * open one to end first. Answers null when nothing in the app can show prompts.
   */
  async function raise(prompt: RpcPrompt): Promise<PromptOutcome | null> {
    // Opened synchronously when nothing else is open, so calls made right after it wait.
    if (openPrompt && openPrompt.prompt.kind !== prompt.kind) await closed(prompt.kind);
    if (openPrompt) return openPrompt.outcome;
    if (shows === 0) return null;
    let end!: (outcome: PromptOutcome) => void;
    const outcome = new Promise<PromptOutcome>((done) => (end = done));
    openPrompt = { prompt, outcome, resolve: end };
    onOpen(prompt);
    return outcome;
  }

  /** Ends the open prompt of `kind`: its calls are retried (done) or cancelled. */
  function resolve(kind: PromptKind, outcome: PromptOutcome): void {
    if (!openPrompt || openPrompt.prompt.kind !== kind) return;
    const { resolve: end } = openPrompt;
    openPrompt = null;
    end(outcome);
  }

  /** Counts one more part of the app that shows prompts; answers the function that counts it out (once). */
  function shown(): () => void {
    shows += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      shows -= 1;
    };
  }

  return { closed, raise, resolve, shown, current: (): RpcPrompt | null => openPrompt?.prompt ?? null };
}
