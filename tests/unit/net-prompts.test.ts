/**
 * The request lifecycle's prompts (document 3 section 8): CAPTCHA_REQUIRED, SECURE_CODE_REQUIRED,
 * SECURE_REQUIRED and ACTIVE_STREAM_PARTY_EXISTS hold the call until the app's prompt is done,
 * then retry it; a cancelled prompt ends it with NOT_SHOW 'Cancelled by user.'. The server is
 * scripted here: the sim never asks for a captcha or a party closure by itself.
 */
import { describe, expect, test } from 'vitest';
import { NamedError } from '../../src/contract/index.ts';
import { CANCELLED_BY_USER, RpcError, createRpc, type RpcPrompt } from '../../src/net/rpc.ts';

type Envelope = { response: unknown } | { error: { error_code: string | number; error_msg: string } };

/** A server that answers each method from its script, in order; the last answer repeats. */
function scriptedServer(script: Record<string, Envelope[]>) {
  const requests: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    requests.push(`${url.pathname.replace('/api/method/', '')}${url.search}`);
    const method = url.pathname.replace('/api/method/', '');
    const answers = script[method] ?? [{ error: { error_code: 16, error_msg: `no script for ${method}` } }];
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { rpc: createRpc({ baseUrl: 'http://arena.test', fetch, renewDelayMs: 0 }), requests };
}

const fail = (code: string, message: string): Envelope => ({ error: { error_code: code, error_msg: message } });
const enabled: Envelope = { response: { enabled: true } };

/** Collects prompts as the app would see them. */
function promptsOf(rpc: ReturnType<typeof createRpc>) {
  const seen: RpcPrompt[] = [];
  rpc.on('prompt', (prompt) => seen.push(prompt));
  return seen;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rpc prompts', () => {
  test('CAPTCHA_REQUIRED opens the protection challenge; the call waits and is retried when it is passed', async () => {
    const { rpc, requests } = scriptedServer({ 'account.secure-status': [fail(NamedError.CAPTCHA_REQUIRED, 'Complete the challenge'), enabled] });
    const prompts = promptsOf(rpc);
    const call = rpc.call('account.secure-status', {});
    await tick();
    expect(prompts).toEqual([{ kind: 'captcha', message: 'Complete the challenge', method: 'account.secure-status' }]);
    expect(rpc.currentPrompt()?.kind).toBe('captcha');
    rpc.resolvePrompt('captcha', { done: true });
    await expect(call).resolves.toEqual({ enabled: true });
    expect(requests).toEqual(['account.secure-status', 'account.secure-status']);
    expect(rpc.currentPrompt()).toBeNull();
  });

  test('other calls wait while a prompt is open and go out once it is done', async () => {
    const { rpc, requests } = scriptedServer({
      'account.secure-status': [fail(NamedError.CAPTCHA_REQUIRED, 'Complete the challenge'), enabled],
      'connect.getSocketServer': [{ response: { connect_token: 'token-1', url: '/ws', expires_in: 60 } }],
    });
    promptsOf(rpc);
    const first = rpc.call('account.secure-status', {});
    await tick();
    const second = rpc.call('connect.getSocketServer');
    await tick();
    expect(requests).toEqual(['account.secure-status']);
    rpc.resolvePrompt('captcha', { done: true });
    await expect(second).resolves.toMatchObject({ connect_token: 'token-1' });
    await expect(first).resolves.toEqual({ enabled: true });
  });

  test('SECURE_CODE_REQUIRED asks for the 2FA code and retries with it; a wrong code asks again with the server’s words', async () => {
    const { rpc, requests } = scriptedServer({
      'account.secure-status': [
        fail(NamedError.SECURE_CODE_REQUIRED, 'Enter the code from your authenticator app'),
        fail(NamedError.SECURE_CODE_REQUIRED, 'Invalid 2FA code'),
        enabled,
      ],
    });
    const prompts = promptsOf(rpc);
    const call = rpc.call('account.secure-status', {});
    await tick();
    expect(prompts.at(-1)).toMatchObject({ kind: 'secure-code', message: 'Enter the code from your authenticator app' });
    rpc.resolvePrompt('secure-code', { done: true, secure_code: '111111' });
    await tick();
    expect(prompts.at(-1)).toMatchObject({ kind: 'secure-code', message: 'Invalid 2FA code' });
    rpc.resolvePrompt('secure-code', { done: true, secure_code: '222222' });
    await expect(call).resolves.toEqual({ enabled: true });
    expect(requests).toEqual(['account.secure-status', 'account.secure-status?secure_code=111111', 'account.secure-status?secure_code=222222']);
  });

  test('a cancelled prompt ends the call with NOT_SHOW "Cancelled by user."', async () => {
    const { rpc } = scriptedServer({ 'account.secure-status': [fail(NamedError.SECURE_REQUIRED, 'Set up two-factor authentication to continue')] });
    const prompts = promptsOf(rpc);
    const call = rpc.call('account.secure-status', {}).catch((error: unknown) => error);
    await tick();
    expect(prompts).toMatchObject([{ kind: 'secure-setup' }]);
    rpc.resolvePrompt('secure-setup', { done: false });
    const failure = await call;
    expect(failure).toBeInstanceOf(RpcError);
    expect(failure).toMatchObject({ code: NamedError.NOT_SHOW, message: CANCELLED_BY_USER });
  });

  test('ACTIVE_STREAM_PARTY_EXISTS opens the close-party flow, whose own call does not wait for it', async () => {
    const { rpc, requests } = scriptedServer({
      'account.secure-status': [fail(NamedError.ACTIVE_STREAM_PARTY_EXISTS, 'Close your active party first'), enabled],
      'partnership-plus.close-party': [{ response: { success: true, refunded: 0 } }],
    });
    rpc.on('prompt', (prompt) => {
      // The prompt's own flow: close the party, then report it done.
      void rpc.call('partnership-plus.close-party', {}, { forPrompt: true }).then(() => rpc.resolvePrompt(prompt.kind, { done: true }));
    });
    await expect(rpc.call('account.secure-status', {})).resolves.toEqual({ enabled: true });
    expect(requests).toEqual(['account.secure-status', 'partnership-plus.close-party', 'account.secure-status']);
  });

  test('calls failing with the same prompt share one; resolving another kind changes nothing', async () => {
    const { rpc } = scriptedServer({
      'account.secure-status': [fail(NamedError.CAPTCHA_REQUIRED, 'a'), fail(NamedError.CAPTCHA_REQUIRED, 'b'), enabled],
    });
    const prompts = promptsOf(rpc);
    const calls = Promise.all([rpc.call('account.secure-status', {}), rpc.call('account.secure-status', {})]);
    await tick();
    await tick();
    expect(prompts).toHaveLength(1);
    rpc.resolvePrompt('secure-code', { done: true, secure_code: '1' });
    expect(rpc.currentPrompt()?.kind).toBe('captcha');
    rpc.resolvePrompt('captcha', { done: true });
    await expect(calls).resolves.toEqual([{ enabled: true }, { enabled: true }]);
  });

  test('with nothing to show prompts the call fails with the server’s error', async () => {
    const { rpc } = scriptedServer({ 'account.secure-status': [fail(NamedError.CAPTCHA_REQUIRED, 'Complete the challenge')] });
    await expect(rpc.call('account.secure-status', {})).rejects.toMatchObject({ code: NamedError.CAPTCHA_REQUIRED });
  });

  test('a prompt the socket raised holds calls until it ends', async () => {
    const { rpc, requests } = scriptedServer({ 'account.secure-status': [enabled] });
    const prompts = promptsOf(rpc);
    const challenge = rpc.raisePrompt({ kind: 'captcha', message: 'Protection challenge', token: 'tok' });
    const call = rpc.call('account.secure-status', {});
    await tick();
    expect(prompts).toEqual([{ kind: 'captcha', message: 'Protection challenge', token: 'tok' }]);
    expect(requests).toEqual([]);
    rpc.resolvePrompt('captcha', { done: true });
    await expect(challenge).resolves.toEqual({ done: true });
    await expect(call).resolves.toEqual({ enabled: true });
  });
});
