/** The sim's streams console: who is live, a form to go live, a Stop button per stream. */
import type { LiveStream } from '../../../src/contract/index.ts';

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{margin:0;background:#12151c;color:#d7dce5;font:15px/1.45 system-ui,sans-serif}main{max-width:900px;margin:0 auto;padding:24px}
h1{font-size:22px;color:#fff;margin:0 0 4px}h2{font-size:17px;color:#fff;margin:28px 0 8px}p{color:#9aa3b2;margin:0 0 12px}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #272d3a}th{color:#9aa3b2;font-weight:500}
label{display:block;font-size:13px;color:#9aa3b2}input{padding:7px 9px;border-radius:4px;border:1px solid #3a4252;background:#1c212c;color:#fff;font-size:15px}
.row{display:flex;gap:8px;flex-wrap:wrap;align-items:end}button{padding:7px 12px;border:0;border-radius:4px;background:#3d7bff;color:#fff;font-weight:600;cursor:pointer}
button.no{background:#c8414b}.notice{color:#ffd479;font-weight:600}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The console page. */
export function streamsConsole(live: LiveStream[], notice: string | null): string {
  const rows = live.length
    ? `<table><thead><tr><th>Streamer</th><th>Channel</th><th>Title</th><th>Followers</th><th></th></tr></thead><tbody>${live
        .map(
          ({ _user: user, ...s }) => `<tr><td>${escape(user.name)}</td><td>${escape(s.profile.name)}</td><td>${escape(s.title)}</td><td>${s.profile.followers}</td>
          <td><form method="post" action="/api/sim/streams/${s.hash}/stop"><button class="no">Stop stream</button></form></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>Nobody is live.</p>';
  return page('Sim streams', `<h1>Sim streams</h1>
  <p>Stands in for the streaming platform: put a player on air and they show on /streams at once (STREAM_ONLINE), stop them and they leave it (STREAM_OFFLINE).</p>
  ${notice ? `<p role="status" class="notice">${escape(notice)}</p>` : ''}
  <h2>Live now</h2>${rows}
  <h2>Go live</h2>
  <form method="post" action="/api/sim/streams" class="row">
    <div><label for="name">Player</label><input id="name" name="name" required></div>
    <div><label for="channel">Channel</label><input id="channel" name="channel" required></div>
    <div><label for="title">Title</label><input id="title" name="title" value="Opening cases live"></div>
    <div><label for="followers">Followers</label><input id="followers" name="followers" inputmode="numeric" value="1200"></div>
    <button>Start stream</button>
  </form>
  <h2>Official stream party</h2>
  <p>Opens a party open to everyone (invite code skinfans) hosted by a player: its tiers are drawn as the host's air time passes 10, 20 and 30 minutes; it pauses while they are off air.</p>
  <form method="post" action="/api/sim/parties" class="row">
    <div><label for="party-host">Host</label><input id="party-host" name="host" required></div>
    <button>Open official party</button>
  </form>`);
}

/** What the sim shows in place of the streaming platform's player. */
export function watchPage(stream: { channel: string; title: string; name: string; live: boolean }): string {
  return page(`${stream.channel} on the sim`, `<h1>${escape(stream.channel)}</h1><p>${escape(stream.name)} · ${escape(stream.title)}</p>
  <p>${stream.live ? 'Live now. The sim has no video: on a real site this is the streaming platform’s player.' : 'This stream has ended.'}</p>`);
}

/** A stream's still (16:9) for the chat's stream message: its channel and title over a dark stage, LIVE or ENDED. */
export function previewSvg(title: string, channel: string, live: boolean): string {
  const text = (t: string) => t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d2433"/><stop offset="1" stop-color="#3b1f4a"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#g)"/><circle cx="250" cy="60" r="70" fill="#ffffff" opacity="0.05"/>
<rect x="12" y="12" width="${live ? 46 : 58}" height="20" rx="4" fill="${live ? '#e5484d' : '#555e70'}"/>
<text x="${live ? 35 : 41}" y="26" font-family="system-ui,sans-serif" font-size="12" font-weight="700" fill="#fff" text-anchor="middle">${live ? 'LIVE' : 'ENDED'}</text>
<text x="16" y="140" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#fff">${text(title.slice(0, 34))}</text>
<text x="16" y="162" font-family="system-ui,sans-serif" font-size="13" fill="#c9cfdb">${text(channel.slice(0, 40))}</text>
</svg>`;
}
