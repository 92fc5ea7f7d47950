/** HTML of the sim-only payment surfaces: the developer console and the providers' own pages. */
import { formatCoins } from '../../../src/core/index.ts';
import type { PaymentOut } from './store.ts';

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
  body{margin:0;background:#12151c;color:#d7dce5;font:15px/1.45 system-ui,sans-serif}
  main{max-width:1100px;margin:0 auto;padding:24px}
  h1{font-size:22px;color:#fff;margin:0 0 4px} h2{font-size:17px;color:#fff;margin:28px 0 8px}
  p{color:#9aa3b2;margin:0 0 12px} code{color:#ffd479}
  table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
  th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #272d3a;vertical-align:top} th{color:#9aa3b2;font-weight:500}
  form.inline{display:inline} .row{display:flex;gap:8px;flex-wrap:wrap;align-items:end}
  label{display:block;font-size:13px;color:#9aa3b2} input,select{padding:7px 9px;border-radius:4px;border:1px solid #3a4252;background:#1c212c;color:#fff;font-size:15px}
  button{padding:7px 12px;border:0;border-radius:4px;background:#3d7bff;color:#fff;font-weight:600;cursor:pointer}
  button.no{background:#c8414b} button:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid #ffd479;outline-offset:2px}
  .status-pending,.status-waiting{color:#ffd479}.status-completed{color:#5fd38d}.status-declined,.status-expired{color:#ff7b7b}
  .card{background:#1a1f29;border-radius:8px;padding:20px;max-width:460px}
  .code{font:600 22px ui-monospace,monospace;color:#ffd479;letter-spacing:1px}
</style></head><body><main>${body}</main></body></html>`;
}

/** A console row: the payment and whose it is. */
export type ConsoleRow = PaymentOut & { user_name: string };

function paymentRow(p: ConsoleRow, actions: boolean): string {
  const buttons = actions
    ? `<form class="inline" method="post" action="/api/sim/payments/${p.hash}/confirm"><button>Confirm</button></form>
       <form class="inline" method="post" action="/api/sim/payments/${p.hash}/decline"><button class="no">Decline</button></form>`
    : '';
  const confirmations = p.states.required_confirmations ? ` ${p.states.confirmations}/${p.states.required_confirmations}` : '';
  return `<tr><td>${p.hash}</td><td>${escape(p.user_name)}</td><td>${p.type}</td><td>${escape(p.provider)} / ${escape(p.method)}</td>
    <td>${escape(p.value)} ${escape(p.currency)}<br>${formatCoins(p.amount)} coins</td>
    <td class="status-${p.status}">${p.status}${confirmations}${p.states.reason ? `<br>${escape(p.states.reason)}` : ''}</td>
    <td>${escape(p.states.wallet_address ?? '')}</td><td>${buttons}</td></tr>`;
}

function table(rows: ConsoleRow[], actions: boolean): string {
  if (rows.length === 0) return '<p>None.</p>';
  return `<table><thead><tr><th>Hash</th><th>Player</th><th>Type</th><th>Rail</th><th>Amount</th><th>Status</th><th>Address</th><th></th></tr></thead>
    <tbody>${rows.map((r) => paymentRow(r, actions)).join('')}</tbody></table>`;
}

/** The payment console: open payments with confirm and decline, a chain transfer form, a gift-code minter, sponsor credit. */
export function consolePage(input: { open: ConsoleRow[]; recent: ConsoleRow[]; notice: string | null; methods: readonly string[]; extra?: string }): string {
  return page('Sim payments', `
  <h1>Sim payments</h1>
  <p>The sim's payment providers. Confirm or decline what is open, send crypto to a deposit address, or mint a gift code.
     Providers also move on by themselves as time passes (JSON: <code>GET /api/sim/payments.json</code>).</p>
  ${input.notice ? `<p role="status" class="code">${escape(input.notice)}</p>` : ''}
  <h2>Open payments</h2>${table(input.open, true)}
  <h2>Send crypto to a deposit address</h2>
  <form method="post" action="/api/sim/crypto/transfers" class="row">
    <div><label for="address">Deposit address</label><input id="address" name="address" size="46" required></div>
    <div><label for="amount">Amount (in the address's currency)</label><input id="amount" name="amount" inputmode="decimal" required></div>
    <div><label><input type="checkbox" name="flagged" value="1"> Fails the provider's screening</label></div>
    <button>Send</button>
  </form>
  <h2>Mint a wallet gift code</h2>
  <form method="post" action="/api/sim/gift-codes" class="row">
    <input type="hidden" name="kind" value="wallet">
    <div><label for="coins">Coins</label><input id="coins" name="coins" inputmode="decimal" value="25" required></div>
    <div><label for="method">Gift card</label><select id="method" name="method">${input.methods.map((m) => `<option>${escape(m)}</option>`).join('')}</select></div>
    <button>Mint</button>
  </form>
  <h2>Sponsor a club member</h2>
  <form method="post" action="/api/sim/sponsor-credits" class="row">
    <div><label for="sponsor-name">Player</label><input id="sponsor-name" name="name" required></div>
    <div><label for="sponsor-coins">Credit (coins)</label><input id="sponsor-coins" name="coins" inputmode="decimal" value="50" required></div>
    <div><label for="sponsor-wager">Wager goal (coins)</label><input id="sponsor-wager" name="wager" inputmode="decimal" value="100" required></div>
    <button>Offer</button>
  </form>
  ${input.extra ?? ''}
  <h2>Latest payments</h2>${table(input.recent, false)}`);
}

/** The card processor's checkout of an invoice. */
export function checkoutPage(p: PaymentOut, memo: string, notice: string | null): string {
  const open = p.status === 'waiting';
  return page('Instaxchange checkout', `<div class="card">
    <h1>Pay ${escape(p.value)} USD</h1><p>${formatCoins(p.amount)} coins by ${escape(p.method)} card. Sim processor: card numbers ending 0002 are declined.</p>
    ${notice ? `<p role="status">${escape(notice)}</p>` : ''}
    ${open ? `<form method="post" action="/api/sim/instaxchange/${memo}">
      <label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required>
      <p></p><button>Pay</button></form>` : `<p class="status-${p.status}">Payment ${p.status}.</p>`}
  </div>`);
}

/** A gift card on the sim shop's page, and the code once bought. */
export function shopPage(product: { id: string; name: string; price: number }, code: string | null): string {
  return page('Gift card shop', `<div class="card">
    <h1>${escape(product.name)}</h1><p>Price ${formatCoins(product.price)} USD.</p>
    ${code
      ? `<p>Your code:</p><p class="code">${escape(code)}</p><p><a href="/gift/${escape(code)}">Redeem it now</a></p>`
      : `<form method="post" action="/api/sim/kinguin/${escape(product.id)}"><button>Buy</button></form>`}
  </div>`);
}

/** The skins widget: the sim Steam account's skins, pick and deposit. */
export function skinsPage(input: { token: string; items: { id: number; name: string; payout: number }[]; notice: string | null }): string {
  const rows = input.items
    .map((i) => `<tr><td><label><input type="checkbox" name="item_${i.id}" value="1"> ${escape(i.name)}</label></td><td>${formatCoins(i.payout)}</td></tr>`)
    .join('');
  return page('Skins deposit', `<div class="card" style="max-width:640px">
    <h1>Deposit skins</h1><p>Pick skins from your Steam inventory; a trade offer is sent and the coins arrive once it is accepted.</p>
    ${input.notice ? `<p role="status">${escape(input.notice)}</p>` : ''}
    <form method="post" action="/api/sim/skinsback/${escape(input.token)}">
      <table><thead><tr><th>Skin</th><th>You get (coins)</th></tr></thead><tbody>${rows || '<tr><td colspan="2">No skins left to trade.</td></tr>'}</tbody></table>
      <p></p><button>Deposit</button>
    </form></div>`);
}
