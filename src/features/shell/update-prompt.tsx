import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useBusy, whenIdle } from '../../ui/activity.ts';
import { Button } from '../../ui/button.tsx';
import { acceptVersion, versionUpdate } from '../connection/index.ts';
import './shell.css';

/** Checks for a new version this often while the tab stays open. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Offers a new version of the app: a waiting service worker, or a manifest whose version is
 * higher than the one this browser stored (document 2 'Manifest'). It is never forced, and
 * Reload waits until no spin or battle animation runs: a reload would cut it in half
 * (docs/design.md section 8).
 */
export default function UpdatePrompt() {
  const busy = useBusy();
  const [waiting, setWaiting] = useState(false);
  const newer = versionUpdate.use();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh && !newer) return null;
  const apply = () => {
    setWaiting(true);
    void whenIdle().then(() => {
      if (newer) acceptVersion(newer);
      if (needRefresh) void updateServiceWorker(true);
      else window.location.reload();
    });
  };
  const later = () => {
    setNeedRefresh(false);
    versionUpdate.set(null);
  };
  return (
    <section className="update-prompt" aria-label="Update available">
      <p>{waiting && busy ? 'Updating when the current spin ends…' : newer ? `Version ${newer} of the arena is out.` : 'A new version of the arena is ready.'}</p>
      <div className="update-actions">
        <Button size="sm" onClick={later} disabled={waiting}>
          Later
        </Button>
        <Button size="sm" variant="primary" onClick={apply} disabled={waiting}>
          Reload
        </Button>
      </div>
    </section>
  );
}
