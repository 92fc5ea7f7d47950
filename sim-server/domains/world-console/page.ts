/**
 * The world console's page (GET /api/sim/world): the world's state now, and every trigger
 * grouped by what it touches, each saying what it does. Forms post and come back here with the
 * last action's result at the top; scripts post JSON to the same routes (docs/decisions/0050).
 */

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#12151c;color:#d7dce5;font:15px/1.45 system-ui,sans-serif}
main{max-width:1240px;margin:0 auto;padding:24px 16px 48px}h1{font-size:24px;color:#fff;margin:0 0 4px}
h2{font-size:17px;color:#fff;margin:0 0 4px}h3{font-size:14px;color:#c9cfdb;margin:14px 0 4px;font-weight:600}
p{color:#9aa3b2;margin:0 0 10px}code{color:#ffd479}a{color:#7fb0ff}
.last{margin:16px 0 20px;padding:12px 14px;border-radius:8px;background:#1a2233;border-left:4px solid #3d7bff}
.last.error{border-left-color:#e5484d;background:#2a1a1f}.last strong{color:#fff;display:block;margin-bottom:2px}
.state{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:8px;margin:0 0 24px;padding:0}
.state div{background:#1a1f29;border-radius:8px;padding:10px 12px}.state dt{font-size:12px;color:#9aa3b2;text-transform:uppercase;letter-spacing:.04em}
.state dd{margin:2px 0 0;color:#fff;font-weight:600;overflow-wrap:anywhere}
.groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(360px,1fr));gap:16px}
section.group{background:#1a1f29;border-radius:10px;padding:16px}
form{display:flex;gap:8px;flex-wrap:wrap;align-items:end;margin:8px 0 4px}
label{display:block;font-size:12px;color:#9aa3b2}label.check{display:flex;gap:6px;align-items:center;font-size:13px;color:#d7dce5;padding-bottom:8px}
input,select{padding:7px 9px;border-radius:6px;border:1px solid #3a4252;background:#12151c;color:#fff;font-size:15px;max-width:100%}
input[type=number]{width:7em}input.name{width:11em}
button{padding:8px 12px;border:0;border-radius:6px;background:#3d7bff;color:#fff;font-weight:600;cursor:pointer}
button.no{background:#c8414b}button.quiet{background:#2c3445}
button:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid #ffd479;outline-offset:2px}
.hint{font-size:13px;margin:2px 0 0}.links{margin:4px 0 18px}.links a{margin-right:14px}
@media (max-width:420px){.groups{grid-template-columns:1fr}main{padding:16px 10px 40px}}`;

/** The world as the page shows it. */
export interface WorldView {
  online: number;
  simulated: number;
  maintenance: { open: boolean; going_down: boolean; message: string | null; since: number | null };
  race: { offset: number; periods: { period: string; start: number; end: number }[] };
  rain: { hash: string; status: string; ends_at: number; participants: number } | null;
  pot: number;
  steal: { hash: string; status: string; participants: number } | null;
  streams: { hash: string; name: string; title: string }[];
  parties: { id: string; host: string; status: string }[];
  cases: { hash: string; key: string; name: string; deprecated: boolean }[];
  population: { size: number; activity: number; paused: boolean } | null;
  now: number;
}

const coins = (cents: number) => (cents / 100).toFixed(2);
const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

function stateList(w: WorldView): string {
  const items: [string, string][] = [
    ['On line', `${w.online} online, ${w.simulated} simulated`],
    ['Maintenance', w.maintenance.open ? `open since ${when(w.maintenance.since ?? w.now)}${w.maintenance.going_down ? ', going down' : ''}` : 'none'],
    ['Race clock', w.race.offset === 0 ? 'the server\u2019s own' : `${(w.race.offset / 3_600_000).toFixed(1)} h ahead`],
    ...w.race.periods.map((p): [string, string] => [`${p.period} race ends`, when(p.end)]),
    ['Rain', w.rain ? `${w.rain.hash} ${w.rain.status}, ${w.rain.participants} joined${w.rain.status === 'active' ? `, closes ${when(w.rain.ends_at)}` : ''}` : `none (pot ${coins(w.pot)} coins)`],
    ['Split or steal', w.steal ? `${w.steal.hash} ${w.steal.status}, ${w.steal.participants} joined` : 'none'],
    ['On air', w.streams.length ? w.streams.map((s) => s.name).join(', ') : 'nobody'],
    ['Stream parties', w.parties.length ? w.parties.map((p) => `${p.id} (${p.host}, ${p.status})`).join(', ') : 'none open'],
    ['Retired cases', w.cases.filter((c) => c.deprecated).map((c) => c.name).join(', ') || 'none'],
  ];
  return `<dl class="state" aria-label="The world now">${items.map(([k, v]) => `<div><dt>${escape(k)}</dt><dd>${escape(v)}</dd></div>`).join('')}</dl>`;
}

const field = (id: string, label: string, input: string) => `<div><label for="${id}">${escape(label)}</label>${input}</div>`;
const player = (id: string) => field(id, 'Player (login name)', `<input class="name" id="${id}" name="name" required autocomplete="off">`);

/** The page; `last` is the last action's result (its words, and whether it failed). */
export function worldPage(w: WorldView, last: { text: string; error: boolean } | null): string {
  const open = w.cases.filter((c) => !c.deprecated);
  const retired = w.cases.filter((c) => c.deprecated);
  const caseOptions = (list: WorldView['cases']) => list.map((c) => `<option value="${escape(c.key)}">${escape(c.name)} (${escape(c.hash)})</option>`).join('');
  const pop = w.population;
  const body = `
<h1>Sim world</h1>
<p>Sets off every timed or rare event of the arena now, through the same code as when it happens by itself, so each state of the spec can be walked through in minutes. Every form here also takes JSON at the same address (with the <code>x-sim-key</code> header); a refused one answers <code>{error:{error_code,error_msg}}</code> and changes nothing.</p>
<p class="links"><a href="/api/sim/world.json">State as JSON</a><a href="/api/sim/payments">Payments console</a><a href="/api/sim/streams">Streams console</a><a href="/" target="_blank" rel="noopener">Open the arena</a></p>
${last ? `<div class="last${last.error ? ' error' : ''}" role="status" aria-label="Last action"><strong>${last.error ? 'Refused' : 'Last action'}</strong>${escape(last.text)}</div>` : '<div class="last" role="status" aria-label="Last action"><strong>Last action</strong>None yet on this page.</div>'}
<h2>The world now</h2>
${stateList(w)}
<div class="groups">
<section class="group" aria-labelledby="g-pop">
  <h2 id="g-pop">Population</h2>
  <p>The simulated players: how many there are, how busy they are, and whether they act at all. Online counts show them apart from real sockets.</p>
  <form method="post" action="/api/sim/world/population">
    ${field('pop-size', 'Players', `<input id="pop-size" name="size" type="number" min="0" step="1" value="${pop?.size ?? 0}">`)}
    ${field('pop-activity', 'Activity (x)', `<input id="pop-activity" name="activity" type="number" min="0.1" step="0.1" value="${pop?.activity ?? 1}">`)}
    ${field('pop-paused', 'State', `<select id="pop-paused" name="paused"><option value="0"${pop?.paused ? '' : ' selected'}>Running</option><option value="1"${pop?.paused ? ' selected' : ''}>Paused</option></select>`)}
    <button>Apply</button>
  </form>
</section>
<section class="group" aria-labelledby="g-rain">
  <h2 id="g-rain">Rain</h2>
  <p>Opens a rain in the chat now (two minutes of joining by captcha); closing joining publishes its participants and the next beacon block, a second later, pays the pot out.</p>
  <form method="post" action="/api/sim/world/rain/start">
    ${field('rain-pot', 'Add to the pot (coins, optional)', '<input id="rain-pot" name="pot" type="number" min="0.01" step="0.01" placeholder="25">')}
    <button>Start a rain</button>
  </form>
  <form method="post" action="/api/sim/world/rain/close"><button class="quiet">Close joining now and draw</button></form>
</section>
<section class="group" aria-labelledby="g-steal">
  <h2 id="g-steal">Split or steal</h2>
  <p>Opens a game now (a minute of joining). Closing joining lets the beacon pick the players and spin the roulette (8 s); ending the decisions closes the game and pays it (no decision counts as split).</p>
  <form method="post" action="/api/sim/world/steal/start">
    ${field('steal-winners', 'Winners (1 to 6)', '<input id="steal-winners" name="winners" type="number" min="1" max="6" value="2">')}
    ${field('steal-reward', 'Reward (coins)', '<input id="steal-reward" name="reward" type="number" min="0.01" step="0.01" value="10">')}
    <button>Start a game</button>
  </form>
  <form method="post" action="/api/sim/world/steal/roll"><button class="quiet">Close joining now and draw</button></form>
  <form method="post" action="/api/sim/world/steal/end"><button class="quiet">End the decisions now</button></form>
</section>
<section class="group" aria-labelledby="g-race">
  <h2 id="g-race">Race</h2>
  <p>Ends a race period now: the race's clock moves to its end (periods that end on the way end too), the places are paid once, and the board starts the next period. The clock only moves forward.</p>
  <form method="post" action="/api/sim/world/race/end">
    ${field('race-period', 'Period', '<select id="race-period" name="period"><option value="daily">Daily</option><option value="weekly">Weekly</option><option value="monthly">Monthly</option></select>')}
    <button>End it and pay</button>
  </form>
</section>
<section class="group" aria-labelledby="g-maint">
  <h2 id="g-maint">Maintenance</h2>
  <p>Opening tells every socket (SERVER_MAINTENANCE): clients set their maintenance cookie, reload (at once when going down, else once no spin runs) and show the maintenance screen until it is closed here.</p>
  <form method="post" action="/api/sim/world/maintenance">
    <input type="hidden" name="open" value="1">
    ${field('maint-message', 'Message (optional)', '<input id="maint-message" name="message" maxlength="200" placeholder="Back in a few minutes">')}
    <label class="check"><input type="checkbox" name="going_down" value="1"> Going down (reload at once)</label>
    <button class="no">Open maintenance</button>
  </form>
  <form method="post" action="/api/sim/world/maintenance"><input type="hidden" name="open" value="0"><button class="quiet">Close maintenance</button></form>
</section>
<section class="group" aria-labelledby="g-player">
  <h2 id="g-player">A player</h2>
  <p>Prompts that reach one player's open pages. The protection challenge holds their calls until they confirm; basic verification opens its full-screen form; the party prompt asks a host to close their stream party (or closes it now).</p>
  <h3>Protection challenge</h3>
  <form method="post" action="/api/sim/world/protection">${player('prot-name')}<button>Send</button></form>
  <h3>Basic verification</h3>
  <form method="post" action="/api/sim/world/verify">${player('verify-name')}<button>Require it</button></form>
  <h3>Stream party</h3>
  <form method="post" action="/api/sim/world/party/close">${player('party-name')}<label class="check"><input type="checkbox" name="now" value="1"> Close it now instead of asking</label><button class="no">Close party</button></form>
</section>
<section class="group" aria-labelledby="g-stream">
  <h2 id="g-stream">Streams</h2>
  <p>Puts a player on air (STREAM_ONLINE, and a stream message in the chat) or takes them off.</p>
  <form method="post" action="/api/sim/world/stream/start">
    ${player('stream-name')}
    ${field('stream-title', 'Title', '<input id="stream-title" name="title" maxlength="80" value="Opening cases live">')}
    ${field('stream-followers', 'Followers', '<input id="stream-followers" name="followers" type="number" min="0" value="1250">')}
    <button>Go live</button>
  </form>
  <form method="post" action="/api/sim/world/stream/stop">${player('stream-stop-name')}<button class="no">Stop</button></form>
</section>
<section class="group" aria-labelledby="g-cases">
  <h2 id="g-cases">Cases</h2>
  <p>Retires a case live (LOBBY_BOX_DEPRECATED): it can no longer be opened or put in a new battle. Restoring puts it back; a restart restores the catalog of the code.</p>
  <form method="post" action="/api/sim/world/cases/deprecate">${field('case-dep', 'Case', `<select id="case-dep" name="box">${caseOptions(open)}</select>`)}<button class="no">Retire</button></form>
  ${retired.length ? `<form method="post" action="/api/sim/world/cases/restore">${field('case-res', 'Retired case', `<select id="case-res" name="box">${caseOptions(retired)}</select>`)}<button class="quiet">Restore</button></form>` : ''}
</section>
<section class="group" aria-labelledby="g-chat">
  <h2 id="g-chat">The house in the chat</h2>
  <p>Posts the house's scheduled message now (every 30 minutes otherwise, in turn): the Discord promo, or the spotlight of an item worth an arena drop.</p>
  <form method="post" action="/api/sim/world/chat/house"><input type="hidden" name="kind" value="discord"><button>Post the Discord promo</button></form>
  <form method="post" action="/api/sim/world/chat/house"><input type="hidden" name="kind" value="item"><button>Post an item spotlight</button></form>
</section>
</div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sim world</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
