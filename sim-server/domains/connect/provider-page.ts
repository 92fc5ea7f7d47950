/** The sim's stand-in for the external game-platform login page. */

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Renders the provider's sign-in form. */
export function providerPage({ callbackUrl, error }: { callbackUrl: string; error: string | null }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sim login provider</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#171a21;color:#c7d5e0;font:16px system-ui,sans-serif}
  main{width:min(92vw,420px);background:#1b2838;padding:32px;border-radius:8px;box-shadow:0 8px 32px #0008}
  h1{margin:0 0 4px;font-size:22px;color:#fff} p{margin:0 0 20px;color:#8f98a0;font-size:14px}
  label{display:block;font-size:13px;margin-bottom:6px}
  input{box-sizing:border-box;width:100%;padding:10px 12px;border-radius:4px;border:1px solid #3d4450;background:#32353c;color:#fff;font-size:16px}
  input:focus-visible,button:focus-visible{outline:2px solid #66c0f4;outline-offset:2px}
  button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:4px;background:linear-gradient(90deg,#06bfff,#2d73ff);color:#fff;font-weight:600;font-size:16px;cursor:pointer}
  .error{color:#ff7b7b;margin:8px 0 0;font-size:14px}
</style></head>
<body><main>
  <h1>Sim login provider</h1>
  <p>This page stands in for the external game-platform login while the arena runs locally. A new name becomes a provider account with this password; later sign-ins need it.</p>
  <form method="post" action="/api/connect/provider">
    <label for="name">Player name</label>
    <input id="name" name="name" autocomplete="username" required minlength="5" maxlength="25" autofocus>
    <label for="secret" style="margin-top:12px">Provider password</label>
    <input id="secret" name="secret" type="password" autocomplete="current-password" required minlength="6" maxlength="128">
    <fieldset style="margin-top:12px;border:1px solid #3d4450;border-radius:4px">
      <legend>Simulated Steam profile (new accounts only)</legend>
      <label for="steam_name">Steam name (empty: the player name)</label>
      <input id="steam_name" name="steam_name" maxlength="32">
      <label for="steam_level" style="margin-top:8px">Steam level</label>
      <input id="steam_level" name="steam_level" type="number" min="0" max="5000" value="0">
      <label style="margin-top:8px;display:flex;gap:8px;align-items:center"><input type="checkbox" name="steam_public" checked style="width:auto"> Profile and inventory public</label>
    </fieldset>
    <input type="hidden" name="callbackUrl" value="${escape(callbackUrl)}">
    ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
    <button type="submit">Sign in</button>
  </form>
</main></body></html>`;
}
