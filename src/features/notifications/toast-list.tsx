import { useEffect, type CSSProperties } from 'react';
import { CloseIcon } from '../../ui/icons.tsx';
import { dismissNotice, toastsDrawn } from '../../ui/notice-store.ts';
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

/** The toasts shown (toasts.tsx), newest at the bottom. Only the oldest counts down, and its bar shows the time left. */
export default function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  useEffect(toastsDrawn, []);
  return (
    <>
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
    </>
  );
}
