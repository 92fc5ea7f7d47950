import { useEffect, useState } from 'react';
import { InstallCard } from './lazy-parts.tsx';

/** The browser's install event (not in the DOM typings yet). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

const OFFERED_KEY = 'install_offered';
/** The offer waits a little so that it never greets a visitor before the page does. */
const OFFER_DELAY_MS = 20_000;

function offered(): boolean {
  try {
    return localStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return true;
  }
}

/**
 * Offers to install the app once per browser, when the browser says it can be installed:
 * the browser's own prompt is held back and the arena asks once, at a calm moment.
 */
export function InstallPrompt({ delayMs = OFFER_DELAY_MS }: { delayMs?: number }) {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (offered()) return;
    const onPrompt = (incoming: Event) => {
      incoming.preventDefault();
      setEvent(incoming as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  useEffect(() => {
    if (!event) return;
    const timer = setTimeout(() => setDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [event, delayMs]);

  if (!event || !due) return null;
  return (
    <InstallCard
      onDone={(install) => {
        try {
          localStorage.setItem(OFFERED_KEY, '1');
        } catch {
          // No storage: the offer may come again next visit.
        }
        if (install) void event.prompt().catch(() => undefined);
        setEvent(null);
      }}
    />
  );
}
