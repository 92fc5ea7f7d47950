/**
 * The sim's support console (GET /api/sim/support): the agent's side of the support chat. Open
 * threads, the one waiting longest first, each with its conversation, an answer box and Close;
 * below them the last threads closed and why.
 */
import type { ConsoleThread } from './store.ts';

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#12151c;color:#d7dce5;font:15px/1.45 system-ui,sans-serif}
main{max-width:980px;margin:0 auto;padding:24px 16px 48px}h1{font-size:22px;color:#fff;margin:0 0 4px}h2{font-size:17px;color:#fff;margin:28px 0 8px}
p{color:#9aa3b2;margin:0 0 12px}a{color:#7fb0ff}code{color:#ffd479}.notice{color:#ffd479;font-weight:600}
section.thread{background:#1a1f29;border-radius:10px;padding:14px 16px;margin:0 0 14px}
.head{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap;align-items:baseline}.head strong{color:#fff}.muted{color:#9aa3b2;font-size:13px}
ol.messages{list-style:none;margin:10px 0;padding:0;display:flex;flex-direction:column;gap:6px}
ol.messages li{align-self:flex-start;max-width:80%;padding:7px 11px;border-radius:10px;background:#262d3b;white-space:pre-wrap;overflow-wrap:anywhere}
ol.messages li.agent{align-self:flex-end;background:#2b4a8f;color:#fff}ol.messages li span{display:block;font-size:11px;color:#9aa3b2}
ol.messages li.agent span{color:#c9d6f5}
form{display:flex;gap:8px;flex-wrap:wrap;align-items:end;margin:0}form.answer textarea{flex:1 1 260px}
textarea{min-height:44px;padding:8px 10px;border-radius:6px;border:1px solid #3a4252;background:#12151c;color:#fff;font:inherit;resize:vertical}
button{padding:8px 12px;border:0;border-radius:6px;background:#3d7bff;color:#fff;font-weight:600;cursor:pointer}button.no{background:#c8414b}
button:focus-visible,textarea:focus-visible{outline:2px solid #ffd479;outline-offset:2px}.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:8px}
@media (max-width:480px){ol.messages li{max-width:92%}main{padding:16px 10px 40px}}`;

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

function conversation(thread: ConsoleThread): string {
  return `<ol class="messages">${thread.messages
    .map((m) => `<li class="${m.from}"><span>${m.from === 'agent' ? 'Support' : escape(thread.player.name)} · ${time(m.created_at)}</span>${escape(m.text)}</li>`)
    .join('')}</ol>`;
}

function openThread(thread: ConsoleThread): string {
  const waiting = thread.messages.at(-1)?.from === 'player';
  return `<section class="thread" aria-label="Thread ${thread.hash} with ${escape(thread.player.name)}">
  <div class="head"><strong>${escape(thread.player.name)}</strong><span class="muted">${thread.hash} · opened ${time(thread.created_at)} UTC${waiting ? ' · waiting for an answer' : ''}</span></div>
  ${conversation(thread)}
  <form class="answer" method="post" action="/api/sim/support/${thread.hash}/answer">
    <textarea name="text" aria-label="Answer ${escape(thread.player.name)}" required maxlength="2000" placeholder="Answer as support"></textarea>
    <button>Send answer</button>
  </form>
  <div class="actions"><form method="post" action="/api/sim/support/${thread.hash}/close"><button class="no">Close thread</button></form></div>
</section>`;
}

function closedThread(thread: ConsoleThread): string {
  const why = thread.closed_reason === 'logout' ? 'the player logged out' : 'resolved by support';
  return `<section class="thread"><div class="head"><strong>${escape(thread.player.name)}</strong><span class="muted">${thread.hash} · closed ${thread.closed_at ? time(thread.closed_at) : ''} UTC: ${why}</span></div>${conversation(thread)}</section>`;
}

/** The console page. */
export function supportConsole(threads: { open: ConsoleThread[]; closed: ConsoleThread[] }, notice: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sim support</title><style>${STYLE}</style></head><body><main>
  <h1>Sim support</h1>
  <p>The agent's side of the support chat players open at /support. An answer reaches the player's open chat at once (SUPPORT_MESSAGE); closing a thread, or the player's logout, ends it. <a href="/api/sim/support">Refresh</a> · JSON: <code>GET /api/sim/support.json</code></p>
  ${notice ? `<p role="status" class="notice">${escape(notice)}</p>` : ''}
  <h2>Open threads (${threads.open.length})</h2>
  ${threads.open.length ? threads.open.map(openThread).join('') : '<p>No open threads.</p>'}
  <h2>Recently closed</h2>
  ${threads.closed.length ? threads.closed.map(closedThread).join('') : '<p>None yet.</p>'}
</main></body></html>`;
}
