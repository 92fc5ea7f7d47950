import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Panel } from '../../ui/page-frame.tsx';
import { sessionKeys } from '../session/index.ts';
import { profileKeys } from './queries.ts';

const badgesKey = ['profile', 'own-badges'] as const;

/** The badge shown beside the name: one of the owned badges (account.badges), or none. */
export function BadgePicker() {
  const queryClient = useQueryClient();
  // The choice shows in the same render as the click (a controlled radio would snap back until the call answers).
  const [picked, setPicked] = useState<{ key: string | null } | null>(null);
  const badges = useQuery({ queryKey: badgesKey, queryFn: ({ signal }) => rpc.call('account.badges', {}, { signal }) });
  const choose = useMutation({
    mutationFn: (key: string | null) => (key === null ? rpc.call('account.clearInfo', { value: 'badge' }) : rpc.call('account.set-badge', { badge: key })),
    onSuccess: (_answer, key) => {
      // Written before the reads again, so the choice never flickers back while they load.
      queryClient.setQueryData(badgesKey, (old) => (old ? { ...old, shown: key } : old));
      setPicked(null);
      for (const queryKey of [badgesKey, profileKeys.all, sessionKeys.account]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => setPicked(null),
  });
  const owned = badges.data?.badges ?? [];
  // The choice shows at once; the server's answer confirms it (or the error puts the old one back).
  const shown = picked ? picked.key : (badges.data?.shown ?? null);
  return (
    <Panel title="Badge">
      {badges.isPending ? (
        <p className="profile-note">Loading…</p>
      ) : owned.length === 0 ? (
        <p className="profile-note">Every achievement brings its badge. Open a case or take a battle seat to earn your first.</p>
      ) : (
        <div className="profile-badge-choice" role="radiogroup" aria-label="Badge shown beside your name">
          {[{ key: null, title: 'None', how: 'Show no badge.', rarity: 'low' }, ...owned].map((badge) => (
            <label key={badge.key ?? 'none'} className="profile-badge-option" data-rarity={badge.rarity} title={badge.how}>
              <input type="radio" name="badge" checked={shown === badge.key} disabled={choose.isPending} onChange={() => (setPicked({ key: badge.key }), choose.mutate(badge.key))} />
              <span>{badge.title}</span>
            </label>
          ))}
        </div>
      )}
      {choose.error && <p className="form-error">{choose.error instanceof RpcError ? choose.error.message : 'Could not change the badge; try again.'}</p>}
    </Panel>
  );
}
