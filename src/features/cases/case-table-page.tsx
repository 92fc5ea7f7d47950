import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { formatCoins, formatCount } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { dateFormat } from '../../ui/date-format.ts';
import { CoinIcon } from '../../ui/icons.tsx';
import { ItemCard, splitItemName } from '../../ui/item-card.tsx';
import { EmptyState, PageFrame, Panel } from '../../ui/page-frame.tsx';
import { TableIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { LoginButton, useLogged } from '../session/index.ts';
import { caseTableQueryOptions } from './queries.ts';
import { useCaseTableLive } from './use-case-table.ts';
import { CaseHero } from './case-hero.tsx';
import './cases.css';

const timeOf = dateFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' }).format;

/**
 * /case/table/default/{id}: a shared table of one case (docs/decisions/0015). Everyone with
 * the link sees the same drops as they fall; signed-in players open the case at the table.
 */
export function CaseTablePage({ id }: { id: string }) {
  const { data } = useSuspenseQuery(caseTableQueryOptions(id));
  const { table, box, drops } = data;
  useCaseTableLive(id);
  const logged = useLogged();
  const open = useMutation({
    mutationFn: async () => {
      const { game } = await rpc.call('arena-unbox.create', { box_hash: box.hash, count: 1, table: table.id, stamp: crypto.randomUUID() });
      return rpc.call('arena-unbox.roll', { token: game.token, fast: true });
    },
  });
  const link = typeof location === 'undefined' ? table.path : new URL(table.path, location.origin).href;

  return (
    <PageFrame
      area="cases"
      icon={<TableIcon />}
      eyebrow="Case table"
      title={`${box.name} table`}
      lead={`${table.creator.display_name}'s table: every case opened here drops in front of everyone at it, live. Share the link to bring players in.`}
      actions={
        <>
          <CopyButton text={link} label="Copy table link" />
          <PathLink to={`/case/${box.key}`} className={buttonClass('ghost', 'sm')}>
            Case page
          </PathLink>
        </>
      }
    >
      <div className="case-top">
        <CaseHero box={box}>
          <dl className="table-figures">
            <div>
              <dt>Opened here</dt>
              <dd data-testid="table-opened">{formatCount(table.opened)}</dd>
            </div>
            <div>
              <dt>Dropped</dt>
              <dd>
                <CoinIcon width={14} height={14} /> {formatCoins(table.dropped_value)}
              </dd>
            </div>
          </dl>
        </CaseHero>
        <Panel title="Open at this table" className="open-panel">
          {box.deprecated ? (
            <p className="form-error">Box {box.hash} deprecated.</p>
          ) : logged ? (
            <>
              <button type="button" className={buttonClass('primary', 'md', 'open-button')} disabled={open.isPending} onClick={() => open.mutate()}>
                {open.isPending ? 'Opening…' : 'Open case for'}
                <span className="open-cost">
                  <CoinIcon width={18} height={18} />
                  {formatCoins(box.price)}
                </span>
              </button>
              {open.data && (
                <div className="table-mine" aria-live="polite">
                  <p>Your drop</p>
                  <ItemCard name={open.data.item.name} image={open.data.item.image} color={open.data.item.color} price={open.data.item.price} />
                </div>
              )}
            </>
          ) : (
            <div className="open-login">
              <p>Sign in to open cases at this table.</p>
              <LoginButton />
            </div>
          )}
        </Panel>
      </div>
      <Panel title="Drops at this table">
        {drops.length === 0 ? (
          <EmptyState title="No drops yet">The first case opened here shows up for everyone at the table.</EmptyState>
        ) : (
          <ol className="table-drops" aria-label="Drops at this table">
            {drops.map((drop) => {
              const item = drop.items[0]!;
              const { weapon, skin, wear } = splitItemName(item.name);
              return (
                <li key={drop.hash} className="table-drop" style={{ '--rarity': item.color } as CSSProperties}>
                  <Avatar name={drop.user.display_name} userHash={drop.user_hash} src={drop.user.info.avatar} size={32} />
                  <span className="table-drop-user">{drop.user.display_name}</span>
                  <img className="table-drop-art" src={item.image} alt="" width={64} height={48} />
                  <span className="table-drop-item" title={item.name}>
                    <strong>{skin || weapon}</strong> {skin && <span>{wear ? `${weapon} · ${wear}` : weapon}</span>}
                  </span>
                  <span className="table-drop-price">
                    <CoinIcon width={14} height={14} /> {formatCoins(item.price)}
                  </span>
                  <time className="table-drop-time" dateTime={new Date(drop.time).toISOString()}>
                    {timeOf(drop.time)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </Panel>
    </PageFrame>
  );
}
