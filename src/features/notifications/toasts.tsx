import type { CSSProperties } from 'react';
import { useRateLimited } from '../connection/index.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { dismissNotice, useToasts } from '../../ui/notice-store.ts';
import type { Toast } from '../../ui/toast-queue.ts';
import './notifications.css';

/** The tone of a toast: its stripe and icon colour. */
function tone(toast: Toast): string {
  if (toast.error) return 'error';
  if (toast.type === 'balance') return (toast.data.amount ?? 0) < 0 ? 'spend' : 'gain';
  if (toast.type === 'compensation') return 'gain';
  if (toast.type === 'exp' || toast.type === 'achieve' || toast.type === 'user_rank_changed') return 'progress';
  if (toast.type === 'system') return 'system';
  return 'info';
}

/**
 * The toasts, top right (top on phones), newest at the bottom. Only the oldest counts down,
 * and its bar shows the time left. Hidden while the player is rate-limited (document 1
 * section 2.2).
 */
export function Toasts() {
  const toasts = useToasts();
  const rateLimited = useRateLimited();
  if (rateLimited || toasts.length === 0) return <div className="toasts" aria-live="polite" />;
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast, index) => (
        <div
          key={toast.id}
          className="toast"
          data-tone={tone(toast)}
          role={toast.error ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div className="toast-text">
            <p className="toast-title">{toast.title}</p>
            <p className="toast-message">{toast.message}</p>
            {toast.action && (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  toast.action?.run();
                  dismissNotice(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            )}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissNotice(toast.id)}>
            <CloseIcon width={16} height={16} />
          </button>
          {index === 0 && Number.isFinite(toast.timerMs) && (
            <span className="toast-timer" style={{ '--left': Math.max(0, toast.remainingMs / toast.timerMs) } as CSSProperties} aria-hidden />
          )}
        </div>
      ))}
    </div>
  );
}
