import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatCoins } from '../../core/money.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { ClockIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { casesQueryOptions } from '../cases/on-demand.ts';
import { useLogged } from '../session/index.ts';
import { BattleCard, boxLookup } from './battle-card.tsx';
import { battleFairnessPath, historyQueryOptions, mergeUsers, type Player } from './queries.ts';
import './battles.css';

/** /battles/history: ended battles page by page, with the totals over the whole list. */
export function BattleHistoryPage() {
  const logged = useLogged();
  const history = useInfiniteQuery(historyQueryOptions());
  const cases = useQuery(casesQueryOptions());
  const pages = history.data?.pages ?? [];
  const games = pages.flatMap((page) => page.history);
  const users = pages.reduce<Player[]>((all, page) => mergeUsers(all, page.users), []);
  const boxes = boxLookup(...pages.map((page) => page.boxes), cases.data?.cases);
  const resume = pages[0]?.resume;

  return (
    <PageFrame
      area="battles"
      icon={<ClockIcon />}
      eyebrow="Battles"
      title="Battle history"
      lead={logged ? 'Every battle you played to the end, with its pot, the winner and a link to check its fairness.' : 'Finished public battles, newest first. Sign in to see your own.'}
    >
      {resume && (
        <dl className="history-stats">
          <div>
            <dt>Battles</dt>
            <dd>{resume.total_count}</dd>
          </div>
          <div>
            <dt>More than two seats</dt>
            <dd>{resume.multi_count}</dd>
          </div>
          <div>
            <dt>Top reward</dt>
            <dd>{formatCoins(resume.top_reward)}</dd>
          </div>
        </dl>
      )}
      <Panel title="Ended battles">
        <QueryView
          query={history}
          pending={<Skeleton variant="row" count={4} />}
          error={<EmptyState title="Oops! It looks like there's a data loading error.">The history did not load; try again in a moment.</EmptyState>}
          isEmpty={() => games.length === 0}
          empty={
            <EmptyState
              title="No battles yet"
              action={
                <PathLink to="/battle/create" className={buttonClass('primary')}>
                  Create a battle
                </PathLink>
              }
            >
              Battles appear here once they end.
            </EmptyState>
          }
        >
          {() => (
            <>
              <ul className="battle-list" aria-label="Ended battles">
                {games.map((game) => (
                  <li key={game.hash}>
                    <BattleCard
                      game={game}
                      users={users}
                      boxes={boxes}
                      action={
                        game.status === 'finished' ? (
                          <PathLink to={battleFairnessPath(game)} className={buttonClass('ghost', 'sm')}>
                            Fairness
                          </PathLink>
                        ) : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
              {history.hasNextPage && (
                <Button className="load-more" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                  {history.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </Button>
              )}
            </>
          )}
        </QueryView>
      </Panel>
    </PageFrame>
  );
}
