// boot.ts first: it checks the saved-state version and cleans the address before anything reads them.
import { dropStaticHead, stateCleared } from './app/boot.ts';
import { StrictMode, startTransition } from 'react';
import { App, loadFirstPage } from './app/app.tsx';
import { loadTransport, rpc } from './net/index.ts';
import { yieldToMain } from './ui/idle.ts';
import './app/styles.css';

// The transport (RPC client, socket, contract schemas) is not in the first page's bundle; it
// starts loading now, beside the first route's code, rather than after the first render.
void loadTransport().catch(() => undefined);

// React DOM's client, nearly half of the first page's code, is a chunk of its own, which the
// page's HTML names (React is in it too); imported here rather than statically, its module runs
// in a task of its own, after this chunk's. Running it builds five errors React keeps at hand,
// and under an inspector (Lighthouse, DevTools) V8 then re-parses every script on the stack for
// its source positions: run from this chunk's evaluation, that was 27-51 ms of one task at 1x
// on this machine, the longest of a page's start (docs/decisions/0053). A phone without an
// inspector never re-parses.
const reactDom = import('react-dom/client');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A prerendered first view (scripts/prerender.ts) is already on screen: the app's first render
// replaces it, so it waits until the page's code and data are in and renders the same page
// (a loading placeholder in between would flash and shift the layout). Never longer than
// FIRST_VIEW_WAIT_MS: the static view has no working controls. No top-level await: the
// route chunks import this chunk's modules and would wait for this module to finish.
const FIRST_VIEW_WAIT_MS = 8000;
const mount = async () => {
  const { createRoot } = await reactDom;
  dropStaticHead();
  const app = createRoot(root);
  // As a transition the first render is cut into slices of a few milliseconds with the
  // browser free in between, instead of one long task a slow phone spends hundreds of
  // milliseconds in (what Lighthouse counts as blocking time). Only the commit is one piece.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
/**
 * Resolves when a call of the first page is held for a prompt (the protection challenge, a 2FA
 * code): the page's data waits on the player then, and the prompt is shown by the app.
 */
const promptRaised = () =>
  new Promise<void>((done) => {
    const off = rpc.on('prompt', () => {
      off();
      done();
    });
  });
/**
 * Where no copy is on screen (a route's shell: a battle's page, a profile), the first render
 * waits too, but not as long: the page is blank until it comes. Rendered before the page had
 * loaded, the shell rendered again when the router's state changed, and that render is
 * synchronous (the router's store): 300 ms of one task at 2x on a battle's page.
 */
const FIRST_RENDER_WAIT_MS = 1500;
// The page's code and data arrive in tasks of their own; the render starts in a fresh one.
// Making the router (its tree of routes) and matching the address start in a task of their
// own too, not at the end of this chunk's evaluation, already the longest task of the start.
const waitMs = root.hasAttribute('data-prerendered') ? FIRST_VIEW_WAIT_MS : FIRST_RENDER_WAIT_MS;
void Promise.race([yieldToMain().then(loadFirstPage).catch(() => undefined), promptRaised(), new Promise((done) => setTimeout(done, waitMs))])
  .then(yieldToMain)
  .then(mount);

// The old version's session cookies are HttpOnly: only the server can drop them.
if (stateCleared) void rpc.logout().catch(() => undefined);
