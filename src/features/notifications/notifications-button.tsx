import { BellIcon } from '../../ui/icons.tsx';
import { Popover } from '../../ui/popover.tsx';
import { markNoticesRead, useNoticeHistory } from '../../ui/notice-store.ts';
import { dateFormat } from '../../ui/date-format.ts';
import './notifications.css';

const timeFormat = dateFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** The header's bell: the last notices of this visit, with a count of unread ones. */
export function NotificationsButton() {
  const { notices, unread } = useNoticeHistory();
  return (
    <Popover label="Notifications" title="Notifications" trigger={<BellIcon />} badge={unread > 0 ? Math.min(unread, 99) : null} onOpen={markNoticesRead}>
      {notices.length === 0 ? (
        <p className="notices-empty">Nothing new. Balance changes, rewards and battle results show up here.</p>
      ) : (
        <ul className="notices-list" aria-label="Recent notifications">
          {notices.toReversed().map((notice) => (
            <li key={notice.id} className="notices-item">
              <strong>{notice.title}</strong>
              <span>{notice.message}</span>
              <time dateTime={new Date(notice.time).toISOString()}>{timeFormat.format(notice.time)}</time>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  );
}
