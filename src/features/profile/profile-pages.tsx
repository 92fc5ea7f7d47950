import { useSuspenseQuery } from '@tanstack/react-query';
import { Avatar } from '../../ui/avatar.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { UserIcon } from '../../ui/icons.tsx';
import { TrophyIcon } from '../../ui/page-icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useAccount } from '../session/index.ts';
import { profileQueryOptions } from './queries.ts';
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

function ProfileHead({ name }: { name: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  const badges = [...new Set(user.tags.map((tag) => TAG_LABEL[tag]).filter(Boolean))];
  return (
    <div className="profile-head">
      <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={96} />
      <div className="profile-names">
        <p className="profile-display">{user.display_name}</p>
        <p className="profile-handle">@{user.name}</p>
        <div className="profile-badges">
          <span className="profile-level">Level {user.level}</span>
          {badges.map((badge) => (
            <span key={badge} className="profile-badge">
              {badge}
            </span>
          ))}
        </div>
      </div>
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
        <PathLink to={`/@${user.name}/achievements`} className={buttonClass('ghost')}>
          <TrophyIcon /> Achievements
        </PathLink>
      }
    >
      <ProfileHead name={name} />
      {own && settings === 'main' && (
        <Panel title="Account settings">
          <p>Your name, display name and status text. Changing the name or the avatar needs a one-off card from your inventory.</p>
        </Panel>
      )}
      <PlannedParts
        parts={[
          { title: 'Season rank', text: 'Rank, next rank and tier of the season, with the progress towards the next one.', look: 'stats' },
          { title: 'Best drops', text: 'The most valuable items this player pulled from cases and battles.', look: 'cards' },
          { title: 'Recent battles', text: 'Battles played lately, with their pots and winners.', look: 'rows' },
          { title: 'Followers', text: 'Who follows this player, and a Follow button for you.', look: 'rows' },
        ]}
      />
    </PageFrame>
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
      lead="Achievements come from playing: opening cases, winning battles, climbing ranks. Each shows how rare it is among players."
      actions={
        <PathLink to={`/@${user.name}`} className={buttonClass('ghost')}>
          <UserIcon /> Profile
        </PathLink>
      }
    >
      <ProfileHead name={name} />
      <PlannedParts
        parts={[
          { title: 'Hexagon board', text: 'Every achievement as a hexagon in its rarity colour, with the count and the share of players who hold it.', look: 'cards' },
          { title: 'Latest unlocked', text: 'The achievements earned most recently.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}
