import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../ui/button.tsx';
import './shell.css';

/** Checks for a new version this often while the tab stays open. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Offers a new version of the app; never reloads on its own, because a forced reload would
 * cut a battle or a spin in half (DESIGN.md section 7).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <section className="update-prompt" aria-label="Update available">
      <p>A new version of the arena is ready.</p>
      <div className="update-actions">
        <Button size="sm" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" variant="primary" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </section>
  );
}
