import { useQuery } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { RANKS } from '../../core/levels.ts';
import { formatCoins } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { NameBadge } from '../../ui/name-badge.tsx';
import { patternProps } from '../../ui/pattern.ts';
import { levelColour } from '../../ui/level-colour.ts';
import { PathLink } from '../../ui/path-link.tsx';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { useFollow, widgetQueryOptions } from './player-calls.ts';
import { UseCodeButton } from './use-code-button.tsx';

/** Where the card sits: under the name, or above it near the bottom, kept inside the window. */
export type WidgetPlace = { left: number; top: number } | { left: number; bottom: number };

/** The hover card of a player (document 1 section 4 'User hover widget'). */
export default function UserWidget({ hash, place, onEnter, onLeave }: { hash: string; place: WidgetPlace; onEnter(): void; onLeave(): void }) {
  const widget = useQuery(widgetQueryOptions(hash));
  const account = useAccount();
  const logged = useLogged();
  const follow = useFollow();
  const user = widget.data;
  const own = account.data?.user.hash === hash;
  const rank = user ? RANKS[user.season_experience.rank - 1] : undefined;
  return createPortal(
    <div className="user-widget" role="dialog" aria-label={user ? `${user.display_name}’s card` : 'Player card'} style={place} onPointerEnter={onEnter} onPointerLeave={onLeave} data-testid="user-widget">
      {!user ? (
        <p className="user-widget-loading" aria-busy="true">
          {widget.isError ? 'Oops! We couldn’t seem to find that user' : 'Loading…'}
        </p>
      ) : (
        <>
          <div className="user-widget-head" {...patternProps(user.info.pattern)}>
            <span className="user-widget-avatar" style={{ boxShadow: `0 0 0 2px ${levelColour(user.level)}` }}>
              <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={48} />
            </span>
            <div className="user-widget-names">
              <span className="user-widget-name">
                <strong>{user.display_name}</strong>
                <NameBadge badge={user.info.badge} />
              </span>
              <span className="user-widget-handle">@{user.name}</span>
            </div>
          </div>
          {user.status && <p className="user-widget-status">{user.status}</p>}
          <dl className="user-widget-stats">
            <div>
              <dt>Level</dt>
              <dd style={{ color: levelColour(user.level) }}>{user.level}</dd>
            </div>
            <div>
              <dt>Rank</dt>
              <dd>{rank?.name ?? '—'}</dd>
            </div>
            <div>
              <dt>Followers</dt>
              <dd>{user.followers_count}</dd>
            </div>
            <div>
              <dt>Wagered</dt>
              <dd>{user.total_wager === null ? 'Private' : formatCoins(user.total_wager)}</dd>
            </div>
          </dl>
          <div className="user-widget-actions">
            <PathLink to={`/@${user.name}`} className="btn btn-ghost btn-sm">
              Profile
            </PathLink>
            {!own && (!logged || account.data) && (
              // Spec: follow needs a login; a visitor's press opens the login modal.
              <Button
                size="sm"
                variant={user.is_following ? 'ghost' : 'primary'}
                disabled={follow.isPending}
                onClick={() => (logged ? follow.mutate({ hash: user.hash, follow: !user.is_following }) : sessionModal.set('login'))}
              >
                {user.is_following ? 'Unfollow' : 'Follow'}
              </Button>
            )}
            <UseCodeButton user={user} size="sm" />
          </div>
        </>
      )}
    </div>,
    document.body,
  );
}
