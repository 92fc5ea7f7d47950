import type { SocketStatus } from '../../net/index.ts';
import { useConnection } from './connection-state.ts';
import './connection.css';

const LABEL: Record<SocketStatus, string> = { live: 'Live', connecting: 'Connecting', offline: 'Offline' };

/** A small dot in the header: green while the socket is live, amber while connecting, red when down. */
export function LiveIndicator() {
  const status = useConnection();
  return (
    <span className="live-indicator" data-status={status} role="img" aria-label={LABEL[status]} title={`Real-time connection: ${LABEL[status]}`}>
      <span className="live-dot" />
      <span className="live-text" aria-hidden>
        {LABEL[status]}
      </span>
    </span>
  );
}
