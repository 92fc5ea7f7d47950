import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { BOOSTER_KINDS, type Booster } from '../../contract/index.ts';
import { BOOSTER_DESCRIPTIONS, BOOSTER_NAMES, formatBoosterDuration } from '../../core/boosters.ts';
import { formatCount } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { formatEnGb } from '../../ui/date-format.ts';
import { Modal, ModalWidth } from '../../ui/modal.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { RocketIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import { sessionModal, useLogged } from '../session/index.ts';
import { BoosterList, boosterCoins } from './booster-list.tsx';
import { boosterKeys, boostersQueryOptions, useBoosterSync } from './queries.ts';
import './boosters.css';

function MyBoosters() {
  useBoosterSync();
  const query = useQuery(boostersQueryOptions());
  return (
    <QueryView query={query} pending={<div className="booster-skeleton" aria-busy="true" />} error={<p className="form-error">The boosters could not be loaded.</p>}>
      {(data) => <BoosterList details boosters={Object.values(data.boosters)} empty="You have no boosters yet: cards, events and the Battle Pass give them." />}
    </QueryView>
  );
}

/** The boosters how-to (document 1's 'boosters how-to' modal, 905 px): what each kind does and how one runs. */
export function BoostersGuideModal({ onClose }: { onClose(): void }) {
  return (
    <Modal title="How boosters work" width={ModalWidth.boostersGuide} onClose={onClose}>
      <p className="boosters-lead">
        Cards, events and the Battle Pass give boosters. Activate one from this panel: a timed booster runs until its time is up, a counted one until its uses are spent.
      </p>
      <ul className="booster-kinds">
        {BOOSTER_KINDS.map((kind) => (
          <li key={kind}>
            <strong>{BOOSTER_NAMES[kind]}</strong>
            <span>{BOOSTER_DESCRIPTIONS[kind]}</span>
          </li>
        ))}
      </ul>
      <div className="modal-actions">
        <Button variant="primary" onClick={onClose}>
          Got it
        </Button>
      </div>
    </Modal>
  );
}

/** /event/boosters: the boosters modal (489 px, document 1 section 9) over the page it opened from. */
export function BoostersModalPage({ behind }: { behind: ReactNode }) {
  const navigate = useNavigate();
  const logged = useLogged();
  const [guide, setGuide] = useState(false);
  return (
    <RouteModal title="Boosters" width={ModalWidth.boosters} behind={behind} onClose={() => void navigate({ to: '/' })}>
      <p className="boosters-lead">Timed or counted bonuses from cards, events and the Battle Pass. Activate one and it runs until its time or its uses are spent.</p>
      {logged ? (
        <MyBoosters />
      ) : (
        <div className="boosters-login">
          <p>Log in to see and activate your boosters.</p>
          <Button variant="primary" onClick={() => sessionModal.set('login')}>
            Log in
          </Button>
        </div>
      )}
      <p className="booster-kinds-guide">
        <button type="button" onClick={() => setGuide(true)}>
          How boosters work
        </button>
      </p>
      {guide && <BoostersGuideModal onClose={() => setGuide(false)} />}
      {logged && (
        <p className="boosters-links">
          <PathLink to="/inventory/boosters/history">History</PathLink>
        </p>
      )}
    </RouteModal>
  );
}

const PAGE = 20;

function gave(b: Booster): string {
  const p = b.process;
  if (b.kind === 'xp_multiplier') return `${formatCount(p.bonus_issued_exprience)} XP`;
  if (b.kind === 'auto_join' || b.kind === 'free_access') return `${p.bonus_issued_reward} rain${p.bonus_issued_reward === 1 ? '' : 's'}`;
  return `${boosterCoins(p.bonus_issued_amount)} coins`;
}

/** /inventory/boosters/history: the boosters that ended, newest first, with what each gave. */
export function BoosterHistoryPage() {
  const query = useInfiniteQuery({
    queryKey: boosterKeys.history,
    queryFn: ({ pageParam, signal }) => rpc.call('booster.history', { list: 'boosters', count: PAGE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.offset ?? undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.boosters) ?? [];
  return (
    <PageFrame area="inventory" icon={<RocketIcon />} eyebrow="Inventory" title="Booster history" lead="Every booster that has ended: when it ran, for how long, and what it gave you." actions={<PathLink to="/event/boosters">Your boosters</PathLink>}>
      <QueryView
        query={{ isPending: query.isPending, isError: query.isError, data: query.data }}
        pending={<div className="booster-skeleton" aria-busy="true" />}
        error={<p className="form-error">The history could not be loaded.</p>}
        isEmpty={() => rows.length === 0}
        empty={<p className="boosters-empty">No booster has ended yet.</p>}
      >
        {() => (
          <>
            <table className="booster-history">
              <thead>
                <tr>
                  <th scope="col">Booster</th>
                  <th scope="col">Started</th>
                  <th scope="col">Ran</th>
                  <th scope="col">Gave</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((b) => (
                  <tr key={b.hash}>
                    <td>{b.name}</td>
                    <td>{b.activated_at ? formatEnGb(b.activated_at, 'date-minutes') : '—'}</td>
                    <td>{b.activated_at && b.closed_at ? formatBoosterDuration(b.closed_at - b.activated_at) : '—'}</td>
                    <td>{gave(b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {query.hasNextPage && (
              <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                More
              </Button>
            )}
          </>
        )}
      </QueryView>
    </PageFrame>
  );
}
