import { WifiOffIcon } from '../../ui/icons.tsx';
import { useConnection } from './connection-state.ts';
import './connection.css';

/** Spec: 'Waiting for connection...' while the browser is offline or the socket or token is unavailable. */
export function ConnectionBanner() {
  const status = useConnection();
  return (
    <div className="connection-banner-slot" role="status" aria-live="polite">
      {status === 'offline' && (
        <div className="connection-banner">
          <WifiOffIcon />
          Waiting for connection...
        </div>
      )}
    </div>
  );
}
