// boot.ts first: it checks the saved-state version and cleans the address before anything reads them.
import { stateCleared } from './app/boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadTransport, rpc } from './net/index.ts';
import './app/styles.css';

// The transport (RPC client, socket, contract schemas) is not in the first page's bundle; it
// starts loading now, beside the first route's code, rather than after the first render.
void loadTransport().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The old version's session cookies are HttpOnly: only the server can drop them.
if (stateCleared) void rpc.logout().catch(() => undefined);
