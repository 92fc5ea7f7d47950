/**
 * The chat's special messages (document 2 section 3 origins; docs/decisions/0050): what the
 * server posts when something happens, each drawn as a small card rather than words: a drop
 * worth telling (arena_drop), a requested song (radio), a player gone live (stream), a
 * split-or-steal game's end (chat_steal), a card activated, the house's own messages (system:
 * the Discord promo, an item spotlight) and the rain's (rakeback_rain: its rewards, a tip into it).
 * Tips and chicken wins stay in chat-message.tsx.
 */
import { useQuery } from '@tanstack/react-query';
import type { ChatMessage, ChatUser } from '../../contract/index.ts';
import { formatCoins } from '../../core/money.ts';
import { ITEM_RARITY_STYLE, toItemRarity } from '../../core/rarity.ts';
import { STEAL_RESULT_TEXT } from '../../core/steal-roulette.ts';
import { rpc } from '../../net/index.ts';
import { StarIcon } from '../../ui/icons.tsx';
import { CardIcon, DiscordIcon, HandshakeIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import './special-message.css';

/** The origins drawn here. */
export const SPECIAL_ORIGINS: ReadonlySet<string> = new Set(['arena_drop', 'radio', 'stream', 'chat_steal', 'card_activated', 'system', 'rakeback_rain']);

type Details = ChatMessage['details'];

const rarityColor = (rarity: string | undefined) => `rgb(${ITEM_RARITY_STYLE[toItemRarity(rarity ?? 'gray')].rgb.join(' ')})`;
/** Document 2 section 9: stream followers shown as k above 1000. */
const followers = (n: number) => (n > 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n));

/** A card-shaped message: an optional picture, then its lines. */
function Card({ message, kind, picture, children }: { message: ChatMessage; kind: string; picture?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className={`chat-msg chat-special chat-special-${kind}`} data-hash={message.hash} data-origin={message.origin}>
      {picture && <span className="chat-special-picture">{picture}</span>}
      <div className="chat-special-body">{children}</div>
    </div>
  );
}

/** A rain cloud (no emoji font is needed to draw it). */
function RainIcon() {
  return (
    <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden focusable={false} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d="M7 15a4 4 0 0 1-.7-7.94A5.5 5.5 0 0 1 17 7.5a3.75 3.75 0 0 1 .5 7.5H7Z" />
      <path d="M8 18.5 7 21M12 18.5 11 21M16 18.5 15 21" />
    </svg>
  );
}

const nameOf = (user: ChatUser | undefined, fallback = 'A player') => <strong className="chat-special-name">{user?.display_name ?? fallback}</strong>;

function ArenaDrop({ message, author }: { message: ChatMessage; author: ChatUser | undefined }) {
  const d = message.details;
  const where = d.game_type === 'battle' ? (d.game_round ? `a battle, round ${d.game_round} of ${d.game_rounds}` : 'a battle') : (d.name ?? 'a case');
  return (
    <Card
      message={message}
      kind="drop"
      picture={d.asset_image && <img src={d.asset_image} alt="" width={56} height={42} style={{ borderColor: rarityColor(d.item_rarity) }} className="chat-special-item" />}
    >
      <p className="chat-special-title">
        {nameOf(author)} dropped <strong style={{ color: rarityColor(d.item_rarity) }}>{d.asset_name}</strong>
      </p>
      <p className="chat-special-line">
        <span className="chat-amount">{formatCoins(d.drop_price ?? 0)}</span> coins from {d.game_path ? <PathLink to={d.game_path}>{where}</PathLink> : where}
      </p>
    </Card>
  );
}

function Radio({ message, author }: { message: ChatMessage; author: ChatUser | undefined }) {
  const d = message.details;
  return (
    <Card message={message} kind="radio" picture={d.image && <img src={d.image} alt="" width={42} height={42} className="chat-special-cover" />}>
      <p className="chat-special-title">
        {nameOf(author)} requested a song on the radio
      </p>
      <p className="chat-special-line">
        <strong>{d.name}</strong> · {d.author}
        {d.album ? ` · ${d.album}` : ''}
        {d.year ? ` (${d.year})` : ''}
      </p>
    </Card>
  );
}

function Stream({ message, author }: { message: ChatMessage; author: ChatUser | undefined }) {
  const d = message.details;
  const link = (children: React.ReactNode, className?: string) =>
    d.channel_url ? (
      <a href={d.channel_url} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    ) : (
      children
    );
  return (
    <Card message={message} kind="stream" picture={d.stream_preview && link(<img src={d.stream_preview} alt={`${author?.display_name ?? 'The stream'}'s stream`} width={96} height={54} />)}>
      <p className="chat-special-title">
        <span className="chat-special-live">LIVE</span> {nameOf(author)} went on air
      </p>
      <p className="chat-special-line">
        {link(d.name ?? 'Watch the stream')}
        {d.channel_followers !== undefined && <span className="chat-special-dim"> · {followers(d.channel_followers)} followers</span>}
      </p>
    </Card>
  );
}

function Steal({ message }: { message: ChatMessage }) {
  const d = message.details;
  return (
    <Card message={message} kind="steal" picture={<HandshakeIcon width={24} height={24} />}>
      <p className="chat-special-title">
        Split or steal for <span className="chat-amount">{formatCoins(d.reward ?? 0)}</span> coins: {d.result ? STEAL_RESULT_TEXT[d.result] : 'over.'}
      </p>
      {d.players && d.players.length > 0 && (
        <ul className="chat-special-players" aria-label="Picked players">
          {d.players.map((p) => (
            <li key={p.hash}>
              <span className="chat-special-level">{p.level}</span> {p.display_name} <span className={`chat-special-decision chat-special-decision-${p.decision ?? 'none'}`}>{p.decision ?? 'no decision'}</span>
              {p.reward > 0 && <span className="chat-amount"> +{formatCoins(p.reward)}</span>}
            </li>
          ))}
        </ul>
      )}
      {d.game_hash && (
        <p className="chat-special-line">
          <PathLink to={`/provably-fair/steal/${d.game_hash}`}>Replay and verify</PathLink>
          {d.participants ? <span className="chat-special-dim"> · {d.participants} joined</span> : null}
        </p>
      )}
    </Card>
  );
}

function CardActivated({ message, author }: { message: ChatMessage; author: ChatUser | undefined }) {
  const d = message.details;
  return (
    <Card message={message} kind="card" picture={d.asset_image ? <img src={d.asset_image} alt="" width={42} height={56} /> : <CardIcon width={24} height={24} />}>
      <p className="chat-special-title">
        {nameOf(author)} activated <strong>{d.asset_name ?? 'a card'}</strong>
      </p>
      {d.asset_details?.type && <p className="chat-special-line chat-special-dim">{d.asset_details.type.replace(/_/g, ' ')}</p>}
    </Card>
  );
}

/** An item the house shows: its hash is the message's JSON text; the item is read by hash. */
function ItemSpotlight({ message }: { message: ChatMessage }) {
  let hash: string | null = null;
  try {
    hash = (JSON.parse(message.text) as { item_hash?: string }).item_hash ?? null;
  } catch {
    hash = null;
  }
  const item = useQuery({
    queryKey: ['items', hash] as const,
    queryFn: async ({ signal }) => (await rpc.call('item.getItemsByHashes', { hashes: hash! }, { signal })).items[0] ?? null,
    enabled: hash !== null,
    staleTime: Infinity,
  });
  const d = message.details;
  const found = item.data;
  return (
    <Card
      message={message}
      kind="item"
      picture={found ? <img src={found.image} alt="" width={56} height={42} className="chat-special-item" style={{ borderColor: rarityColor(found.rarity) }} /> : <StarIcon width={24} height={24} />}
    >
      <p className="chat-special-title">
        Spotlight: <strong style={found ? { color: rarityColor(found.rarity) } : undefined}>{found?.name ?? 'an item'}</strong>
        {found && (
          <>
            {' '}
            worth <span className="chat-amount">{formatCoins(found.price)}</span> coins
          </>
        )}
      </p>
      {d.game_path && (
        <p className="chat-special-line">
          Drops from <PathLink to={d.game_path}>{d.name ?? 'its case'}</PathLink>
        </p>
      )}
    </Card>
  );
}

function Discord({ message }: { message: ChatMessage }) {
  return (
    <Card message={message} kind="discord" picture={<DiscordIcon width={26} height={26} />}>
      <p className="chat-special-title">{message.text || 'Join our Discord.'}</p>
      {message.details.url && (
        <p className="chat-special-line">
          <a href={message.details.url} target="_blank" rel="noopener noreferrer" className="chat-special-button">
            Join the Discord
          </a>
        </p>
      )}
    </Card>
  );
}

/** Document 2 section 9: the rain's top 3 users, then "and N other players". */
const RAIN_NAMED = 3;

function Rain({ message, author }: { message: ChatMessage; author: ChatUser | undefined }) {
  const d: Details = message.details;
  if (d.type === 'tip') {
    return (
      <Card message={message} kind="rain" picture={<RainIcon />}>
        <p className="chat-special-title">
          {nameOf(message.user_hash ? author : undefined, 'Anonymous')} added <span className="chat-amount">{formatCoins(d.amount ?? 0)}</span> coins to the rain
        </p>
      </Card>
    );
  }
  const players = d.players ?? [];
  const others = Math.max(0, (d.participants ?? players.length) - Math.min(players.length, RAIN_NAMED));
  return (
    <Card message={message} kind="rain" picture={<RainIcon />}>
      <p className="chat-special-title">
        The rain paid <span className="chat-amount">{formatCoins(d.amount ?? 0)}</span> coins to {d.participants ?? players.length} player{(d.participants ?? players.length) === 1 ? '' : 's'}
      </p>
      {players.length > 0 && (
        <p className="chat-special-line">
          {players.slice(0, RAIN_NAMED).map((p, i) => (
            <span key={p.hash}>
              {i > 0 ? ', ' : ''}
              {p.display_name} <span className="chat-amount">+{formatCoins(p.reward)}</span>
            </span>
          ))}
          {others > 0 && ` and ${others} other player${others === 1 ? '' : 's'}`}
        </p>
      )}
    </Card>
  );
}

/** One special message, by its origin; null for the origins drawn elsewhere. */
export function SpecialMessage({ message, author }: { message: ChatMessage; author: ChatUser | undefined }) {
  switch (message.origin) {
    case 'arena_drop':
      return <ArenaDrop message={message} author={author} />;
    case 'radio':
      return <Radio message={message} author={author} />;
    case 'stream':
      return <Stream message={message} author={author} />;
    case 'chat_steal':
      return <Steal message={message} />;
    case 'card_activated':
      return <CardActivated message={message} author={author} />;
    case 'system':
      return message.details.type === 'item' ? <ItemSpotlight message={message} /> : <Discord message={message} />;
    case 'rakeback_rain':
      return <Rain message={message} author={author} />;
    default:
      return null;
  }
}
