/** The sim console's partnership form (on /api/sim/payments; the routes are in sim-routes.ts). */

/** The console's form for these tools . */
export function partnerConsoleForm(): string {
  return `<h2>Partnership</h2>
  <form method="post" action="/api/sim/partners/tag" class="row">
    <div><label for="partner-name">Player</label><input id="partner-name" name="name" required></div>
    <div><label for="partner-tag">Make them</label><select id="partner-tag" name="tag"><option value="partner">partner</option><option value="club_member">club member</option><option value="marketing">marketing staff</option></select></div>
    <button>Tag</button>
  </form>
  <form method="post" action="/api/sim/partners/traffic" class="row">
    <div><label for="traffic-name">Partner</label><input id="traffic-name" name="name" required></div>
    <div><label for="traffic-signups">Sign-ups</label><input id="traffic-signups" name="signups" inputmode="numeric" value="25" required></div>
    <div><label for="traffic-wagers">Cases each</label><input id="traffic-wagers" name="wagers" inputmode="numeric" value="3" required></div>
    <button>Send referred traffic</button>
  </form>`;
}
