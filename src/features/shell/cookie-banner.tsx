import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import './shell.css';

/** Spec: the banner appears 1 s after the router is ready. */
const COOKIE_BANNER_DELAY_MS = 1000;
const ACCEPTED_KEY = 'cookie_accepted';

function accepted(): boolean {
  try {
    return localStorage.getItem(ACCEPTED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The cookie notice, on the home page only, until accepted. */
export default function CookieBanner() {
  const { pathname } = useLocation();
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(accepted);
  const onHome = pathname === '/';

  useEffect(() => {
    if (!onHome || dismissed) return;
    const timer = setTimeout(() => setDue(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [onHome, dismissed]);

  if (!onHome || !due || dismissed) return null;
  return (
    <section className="cookie-banner" aria-label="Cookies">
      <p>We use cookies to keep you signed in and to remember your settings. Nothing else.</p>
      <Button
        variant="primary"
        size="sm"
        onClick={() => {
          try {
            localStorage.setItem(ACCEPTED_KEY, '1');
          } catch {
            // Private mode without storage: the banner simply comes back next visit.
          }
          setDismissed(true);
        }}
      >
        Accept
      </Button>
    </section>
  );
}
