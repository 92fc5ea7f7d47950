import { shortenHash } from '../../core/hash-id.ts';
import { BattleIcon, CaseIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Popover } from '../../ui/popover.tsx';
import { useMyGames, type MyGame } from '../battles/index.ts';

/**
 * The header's popover of the player's own battles or personal unbox games (document 1
 * section 2.2: hovering Battles or Cases): each game with where it is, linking to its page.
 */
export function MyGamesPopover({ type, enabled }: { type: MyGame['type']; enabled: boolean }) {
  const games = useMyGames(enabled, type);
  const battles = type === 'battle';
  if (!enabled) return null;
  return (
    <Popover
      label={battles ? 'Your battles' : 'Your cases for unboxing'}
      title={battles ? 'Your battles' : 'Your cases for unboxing'}
      trigger={battles ? <BattleIcon /> : <CaseIcon />}
      badge={games.length || null}
      className="header-my-games"
    >
      {games.length === 0 ? (
        <p className="popover-empty">{battles ? 'No running battles.' : 'No unbox rolls left.'}</p>
      ) : (
        <ul className="my-games-list">
          {games.map((game) => (
            <li key={game.hash}>
              <PathLink to={game.path} className="menu-item">
                <span>{shortenHash(game.hash) ?? game.hash}</span>
                <span className="my-games-state">{game.state}</span>
              </PathLink>
            </li>
          ))}
        </ul>
      )}
      <PathLink to={battles ? '/battles' : '/cases'} className="menu-item">
        {battles ? 'All battles' : 'All cases'}
      </PathLink>
    </Popover>
  );
}
