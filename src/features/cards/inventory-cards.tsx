import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useState, type CSSProperties } from 'react';
import { NumericError, type MethodResult } from '../../contract/index.ts';
import { RARITY_TIER_STYLE, type RarityTier } from '../../core/rarity.ts';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalWidth } from '../../ui/modal.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { setAccountBalance, useAccount } from '../session/index.ts';
import { lazyPart } from '../../ui/lazy-part.ts';
import './cards.css';

type Card = MethodResult<'inventory.getCards'>['cards'][number];

/** The pack roulette and its reward, loaded when a pack is opened: the inventory's first view does without its code. */
const PackModal = lazyPart(() => import('./pack-modal.tsx').then((module) => ({ default: module.PackModal })));

/** Under the inventory's key, so whatever refreshes the inventory (a redeemed gift) refreshes the cards. */
export const cardsKey = ['session', 'inventory', 'cards'] as const;

/** What the use button says for each kind. */
const ACTION: Record<string, string> = { free_coins: 'Collect', case: 'Open case', free_case: 'Open case', avatar_unpack: 'Unpack', pattern_unpack: 'Unpack', booster: 'Activate', customize: 'Use', action: 'Reveal', reactions: 'Unlock', emojis: 'Unlock' };
/** What a gift button says while the server checks the card may be given (document 1 section 6). */
export const CHECKING_PERMISSIONS = 'Checking permissions…';

/** Kinds that unpack on the roulette. */
const PACKS = new Set(['avatar_unpack', 'pattern_unpack']);

function cardStyle(rarity: string): CSSProperties {
  return { '--rarity': (RARITY_TIER_STYLE[rarity as RarityTier] ?? RARITY_TIER_STYLE.low).rgb.join(' ') } as CSSProperties;
}

/** The player's cards in the inventory: use one (by its kind), or give it away as a gift code. */
export function InventoryCards() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const account = useAccount();
  const cards = useQuery({ queryKey: cardsKey, queryFn: ({ signal }) => rpc.call('inventory.getCards', {}, { signal }) });
  const [pack, setPack] = useState<Card | null>(null);
  const [gift, setGift] = useState<{ hash: string; url: string; code: string } | null>(null);
  const [told, setTold] = useState<string | null>(null);
  const level = account.data?.user_progress.level ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: cardsKey });
  const use = useMutation({
    mutationFn: (card: Card) => rpc.call('inventory.activate', { asset_hash: card.hash, stamp: crypto.randomUUID() }),
    onSuccess: (answer, card) => {
      if (card.type === 'reactions') setTold('Reaction pack unlocked: use it in your battles.');
      if (card.type === 'emojis') setTold('Emoji pack unlocked: find it in the chat\'s emoji picker.');
      // The coins' balance toast comes with the wallet push, as for any reward.
      if (answer.balance !== undefined) setAccountBalance(queryClient, answer.balance);
      if (answer.booster_hash) setTold('Your booster is running: see it in the header.');
      if (answer.right) setTold(answer.right === 'nickname' ? 'You can change your nickname once in your profile settings.' : 'You can upload your own avatar once in your profile settings.');
      if (answer.rain_start_in !== undefined) setTold(answer.rain_start_in > 0 ? `The next rain starts in ${Math.ceil(answer.rain_start_in / 60)} min.` : 'A rain starts as soon as its pot is full.');
      if (answer.path) void navigate({ to: answer.path as '/' });
    },
    onSettled: refresh,
  });
  const makeGift = useMutation({
    mutationFn: (card: Card) => rpc.call('inventory.generateGift', { asset_hash: card.hash }),
    // Its failures are shown here: the server's text, or the terminal modal for ACCESS_DENIED.
    meta: { silent: true },
    onSuccess: (answer, card) => setGift({ hash: card.hash, url: new URL(answer.url, window.location.origin).href, code: answer.code }),
    onSettled: refresh,
  });
  const giftDenied = makeGift.error instanceof RpcError && makeGift.error.code === NumericError.ACCESS_DENIED ? makeGift.error.message : null;
  const list = cards.data?.cards ?? [];
  const packModal = pack && (
    <Suspense fallback={null}>
      <PackModal
        card={pack}
        onDone={() => void refresh()}
        onClose={() => {
          setPack(null);
          void refresh();
        }}
      />
    </Suspense>
  );
  // Unpacking the last card empties the list while its roulette still spins: the modal sits
  // beside the panel, in the same place whether or not the panel shows, so it keeps spinning.
  // A message about the card just used stays after the last card is gone.
  const panel = (list.length > 0 || gift || told) && (
    <Panel title={`Cards (${list.length})`} className="cards-panel">
      {gift && (
        <div className="cards-gift" role="status">
          <p>
            Gift code <code data-testid="gift-code">{gift.code}</code>: whoever opens the link gets the card.
          </p>
          <CopyButton text={gift.url} label="Copy link" />
        </div>
      )}
      {told && (
        <p className="cards-told" role="status">
          {told}
          {account.data && (told.includes('profile settings')) && (
            <>
              {' '}
              <PathLink to={`/@${account.data.user.name}?settings=main`}>Open settings</PathLink>
            </>
          )}
        </p>
      )}
      {use.error instanceof RpcError && <p className="form-error">{use.error.message}</p>}
      {makeGift.error instanceof RpcError && !giftDenied && <p className="form-error">{makeGift.error.message}</p>}
      <ul className="cards-grid" aria-label="Your cards">
        {list.map((card) => {
          const locked = level < card.level && card.level > 1;
          const action = ACTION[card.type];
          return (
            <li key={card.hash} className={`card-tile${locked ? ' is-locked' : ''}`} style={cardStyle(card.rarity)} data-kind={card.type}>
              <span className="card-stars" aria-label={`${card.stars} stars`}>
                {'★'.repeat(card.stars)}
              </span>
              <strong className="card-name">{card.name}</strong>
              <span className="card-description">{card.item_details.description}</span>
              <span className="card-meta">
                Level {card.level}
                {card.tradable ? '' : ' · Non-tradable'}
              </span>
              <span className="card-actions">
                {locked ? (
                  <span className="card-lock">Reach level {card.level}</span>
                ) : action ? (
                  <Button
                    size="sm"
                    variant="primary"
                    disabled={use.isPending}
                    aria-label={`${action} ${card.name}`}
                    onClick={() => (PACKS.has(card.type) ? setPack(card) : use.mutate(card))}
                  >
                    {action}
                  </Button>
                ) : null}
                {card.tradable && (
                  <Button size="sm" disabled={makeGift.isPending} aria-label={`Gift ${card.name}`} onClick={() => makeGift.mutate(card)}>
                    {makeGift.isPending && makeGift.variables?.hash === card.hash ? CHECKING_PERMISSIONS : 'Gift'}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
  return (
    <>
      {panel}
      {packModal}
      {giftDenied !== null && (
        <Modal title="ACCESS DENIED" width={ModalWidth.card} onClose={() => makeGift.reset()}>
          <p className="cards-denied" role="alert">
            {giftDenied}
          </p>
          <div className="modal-actions">
            <Button variant="primary" onClick={() => makeGift.reset()}>
              OK
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
