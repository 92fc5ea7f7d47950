import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '../../ui/button.tsx';
import { rateLimited, writeFlag } from './rate-limit.tsx';
import './connection.css';

/** Spec: the full-screen 'Take a Breather!' with a timestamp and the server id, then back to /. */
export default function RateLimitScreen() {
  const body = rateLimited.use();
  const navigate = useNavigate();
  const leave = () => {
    writeFlag(null);
    rateLimited.set(null);
    void navigate({ to: '/' });
  };

  useEffect(() => {
    if (!body) return;
    const timer = setTimeout(() => {
      writeFlag(null);
      rateLimited.set(null);
      void navigate({ to: '/' });
    }, Math.max(1, body.retry_after) * 1000);
    return () => clearTimeout(timer);
  }, [body, navigate]);

  if (!body) return null;
  return (
    <div className="breather" role="alertdialog" aria-labelledby="breather-title" aria-describedby="breather-text">
      <div className="breather-card">
        <h1 id="breather-title">Take a Breather!</h1>
        <p id="breather-text">Too many requests in a short time. The arena lets you back in a moment.</p>
        <dl className="breather-facts">
          <dt>Time</dt>
          <dd>{new Date(body.time * 1000).toLocaleString()}</dd>
          <dt>Server</dt>
          <dd>{body.server_id}</dd>
        </dl>
        <Button variant="primary" onClick={leave}>
          Back to the arena
        </Button>
      </div>
    </div>
  );
}
