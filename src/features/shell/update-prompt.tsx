import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useBusy, whenIdle } from '../../ui/activity.ts';
import { Button } from '../../ui/button.tsx';
import './shell.css';

/** Checks for a new version this often while the tab stays open. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Offers a new version of the app. It is never forced, and Reload waits until no spin or
 * battle animation runs: a reload would cut it in half (DESIGN.md sections 7 and 10).
 */
export default function UpdatePrompt() {
  const busy = useBusy();
  const [waiting, setWaiting] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  const apply = () => {
    setWaiting(true);
    void whenIdle().then(() => updateServiceWorker(true));
  };
  return (
    <section className="update-prompt" aria-label="Update available">
      <p>{waiting && busy ? 'Updating when the current spin ends…' : 'A new version of the arena is ready.'}</p>
      <div className="update-actions">
        <Button size="sm" onClick={() => setNeedRefresh(false)} disabled={waiting}>
          Later
        </Button>
        <Button size="sm" variant="primary" onClick={apply} disabled={waiting}>
          Reload
        </Button>
      </div>
    </section>
  );
}
