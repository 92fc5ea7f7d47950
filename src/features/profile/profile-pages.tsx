import { useSuspenseQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { RANKS, levelProgress, rankForSeasonExp } from '../../core/levels.ts';
import { RARITY_TIER_STYLE, type RarityTier } from '../../core/rarity.ts';
import { formatCoins, formatCount } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { NameBadge } from '../../ui/name-badge.tsx';
import { patternProps } from '../../ui/pattern.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { levelColour, RANK_GROUP_COLOURS } from '../../ui/level-colour.ts';
import { TrophyIcon, UserIcon } from '../../ui/page-icons.tsx';
import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { AccountSettings } from './account-settings.tsx';
import { hexagonQueryOptions, useFollow } from './player-calls.ts';
import { profileQueryOptions } from './queries.ts';
import { UseCodeButton } from './use-code-button.tsx';
import './profile.css';

/** Tags shown as badges beside the name. */
const TAG_LABEL: Record<string, string> = {
  partner: 'Partner',
  club_member: 'Partner',
  kick: 'Streamer',
  admin: 'Staff',
  marketing: 'Staff',
  bot: 'Bot',
};

function FollowButton({ name }: { name: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  const account = useAccount();
  const logged = useLogged();
  const follow = useFollow();
  // Signed in, it waits for the account: on one's own profile there is nothing to follow.
  if (logged && (!account.data || account.data.user.hash === user.hash)) return null;
  // Spec: follow needs a login; a visitor's press opens the login modal.
  return (
    <Button variant={user.is_following ? 'ghost' : 'primary'} disabled={follow.isPending} onClick={() => (logged ? follow.mutate({ hash: user.hash, follow: !user.is_following }) : sessionModal.set('login'))}>
      {user.is_following ? 'Following' : 'Follow'}
    </Button>
  );
}

function ProfileHead({ name }: { name: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  const badges = [...new Set(user.tags.map((tag) => TAG_LABEL[tag]).filter(Boolean))];
  return (
    <div className="profile-head" {...patternProps(user.info.pattern)}>
      <span className="profile-avatar" style={{ boxShadow: `0 0 0 3px ${levelColour(user.level)}` }}>
        <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={96} />
      </span>
      <div className="profile-names">
        <p className="profile-display">
          <span>{user.display_name}</span>
          <NameBadge badge={user.info.badge} size="md" />
        </p>
        <p className="profile-handle">@{user.name}</p>
        {user.status && <p className="profile-status">{user.status}</p>}
        <div className="profile-badges">
          <span className="profile-level" style={{ color: levelColour(user.level) }}>
            Level {user.level}
          </span>
          {badges.map((badge) => (
            <span key={badge} className="profile-badge">
              {badge}
            </span>
          ))}
          <span className="profile-followers" data-testid="followers-count">
            {user.followers_count} {user.followers_count === 1 ? 'follower' : 'followers'}
          </span>
        </div>
      </div>
      <div className="profile-head-actions">
        <FollowButton name={name} />
        <UseCodeButton user={user} />
      </div>
    </div>
  );
}

function Bar({ percent, colour }: { percent: number; colour: string }) {
  return (
    <span className="profile-bar" aria-hidden>
      <span style={{ width: `${percent}%`, background: colour }} />
    </span>
  );
}

function ProfileStats({ name }: { name: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  const level = levelProgress(user.user_progress.exp);
  const season = rankForSeasonExp(user.season_experience.exp);
  const rank = RANKS[user.season_experience.rank - 1] ?? season.rank;
  const club = user.tags.includes('club_member');
  const hidden = user.total_wager === null;
  return (
    <div className="profile-grid">
      <Panel title="Level" className="profile-card">
        <p className="profile-big" style={{ color: levelColour(level.level) }}>
          {level.is_max ? 'MAX' : level.level}
        </p>
        {club ? (
          <p className="profile-note">Partner</p>
        ) : (
          <>
            <Bar percent={level.percent} colour={levelColour(level.level)} />
            <p className="profile-note">
              {formatCount(user.user_progress.exp)} XP{level.is_max ? '' : ` · ${level.percent}% to level ${level.level_next}`}
            </p>
          </>
        )}
      </Panel>
      <Panel title="Season rank" className="profile-card" actions={<PathLink to="/rewards?ranks=true" className="profile-more">Ranks</PathLink>}>
        <p className="profile-big" style={{ color: RANK_GROUP_COLOURS[rank.group] }}>
          {rank.name}
        </p>
        <Bar percent={season.percent} colour={RANK_GROUP_COLOURS[rank.group] ?? '#fff'} />
        <p className="profile-note">
          {formatCount(user.season_experience.exp)} season XP{season.rank_next ? ` · next ${season.rank_next.name} at ${formatCount(season.rank_next.exp)}` : ' · top rank'}
        </p>
      </Panel>
      <Panel title="Played" className="profile-card">
        {hidden ? (
          <p className="profile-note">This player keeps their figures private.</p>
        ) : (
          <dl className="profile-figures">
            <div>
              <dt>Wagered</dt>
              <dd data-testid="profile-wagered">{formatCoins(user.total_wager ?? 0)}</dd>
            </div>
            <div>
              <dt>Games</dt>
              <dd>{formatCount(user.games ?? 0)}</dd>
            </div>
            <div>
              <dt>Best drop</dt>
              <dd>{user.best_drop ? `${user.best_drop.name} · ${formatCoins(user.best_drop.price)}` : '—'}</dd>
            </div>
            <div>
              <dt>Race place</dt>
              <dd>{user.stats.race === null ? '—' : `#${user.stats.race}`}</dd>
            </div>
          </dl>
        )}
      </Panel>
    </div>
  );
}

/** /@{name}: a player's profile. */
export function ProfilePage({ name, settings }: { name: string; settings?: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  const account = useAccount();
  const own = account.data?.user.hash === user.hash;
  return (
    <PageFrame
      area="profile"
      icon={<UserIcon />}
      eyebrow="Profile"
      title={user.display_name}
      actions={
        <>
          {own && settings !== 'main' && (
            <PathLink to={`/@${user.name}?settings=main`} className={buttonClass('ghost')}>
              Settings
            </PathLink>
          )}
          <PathLink to={`/@${user.name}/achievements`} className={buttonClass('ghost')}>
            <TrophyIcon /> Achievements
          </PathLink>
        </>
      }
    >
      <ProfileHead name={name} />
      {own && settings === 'main' && <AccountSettings name={name} />}
      <ProfileStats name={name} />
    </PageFrame>
  );
}

function HexagonBoard({ name }: { name: string }) {
  const { data } = useSuspenseQuery(hexagonQueryOptions(name));
  const held = data.achieves.filter((a) => a.count > 0).length;
  return (
    <Panel title={`${held} of ${data.achieves.length} unlocked`}>
      <ul className="hex-board" aria-label="Achievements">
        {data.achieves.map((a) => {
          const tier = RARITY_TIER_STYLE[a.rarity as RarityTier] ?? RARITY_TIER_STYLE.low;
          return (
            <li key={a.name} className={`hex${a.count > 0 ? ' hex-held' : ''}`} style={{ '--hex': tier.rgb.join(' ') } as CSSProperties} data-held={a.count > 0}>
              <span className="hex-shape" aria-hidden>
                <span className="hex-stars">{'★'.repeat(tier.stars)}</span>
              </span>
              <strong className="hex-title">{a.title}</strong>
              <span className="hex-rule">{a.description}</span>
              <span className="hex-usage">
                {a.count > 0 ? 'Unlocked · ' : 'Locked · '}
                {a.usage}% of players
              </span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/** /@{name}/achievements: a player's achievements. */
export function AchievementsPage({ name }: { name: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  return (
    <PageFrame
      area="profile"
      icon={<TrophyIcon />}
      eyebrow="Achievements"
      title={`${user.display_name}'s achievements`}
      lead="Achievements come from playing: opening cases, battles, levels, season ranks and races. Each shows how many players hold it."
      actions={
        <PathLink to={`/@${user.name}`} className={buttonClass('ghost')}>
          <UserIcon /> Profile
        </PathLink>
      }
    >
      <ProfileHead name={name} />
      <HexagonBoard name={name} />
    </PageFrame>
  );
}
