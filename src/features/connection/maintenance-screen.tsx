import { maintenanceScreen } from './maintenance.ts';
import './connection.css';

/**
 * The maintenance screen (docs/decisions/0050): over the whole arena while the server says a
 * maintenance runs, after the page reloaded for it. It goes by itself when the maintenance ends.
 */
export default function MaintenanceScreen() {
  const state = maintenanceScreen.use();
  if (!state) return null;
  return (
    <div className="breather maintenance-screen" role="alertdialog" aria-modal="true" aria-labelledby="maintenance-title" aria-describedby="maintenance-text">
      <div className="breather-card">
        <h1 id="maintenance-title">Maintenance</h1>
        <p id="maintenance-text">{state.message ?? 'The arena is being updated. This page comes back by itself as soon as it is over.'}</p>
        <p className="maintenance-wait" aria-live="polite">
          <span className="maintenance-spinner" aria-hidden /> {state.confirmed ? 'Waiting for the arena to come back…' : 'Checking whether the maintenance still runs…'}
        </p>
        <p className="maintenance-note">Your balance, games and items are safe: nothing is lost while the arena is down.</p>
      </div>
    </div>
  );
}
