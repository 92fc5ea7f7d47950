import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { isActiveTab } from '../../ui/active-tab.ts';
import { setAccountProgress } from '../session/index.ts';
import { pushNotice } from '../../ui/notice-store.ts';
import type { NotificationPayload } from './notices.ts';
import type * as Sound from '../../sound/index.ts';

/** Plays a sound: the sound module loads with the first one (the first page plays none). */
function play(choose: (sound: typeof Sound) => void): void {
  void import('../../sound/index.ts').then(choose);
}

/** Shows the toast of one of the spec's notifications; the texts load with the first one. */
function notify(payload: NotificationPayload): void {
  void import('./notices.ts').then(({ notificationNotice }) => pushNotice(notificationNotice(payload)));
}

/**
 * Turns the player's live events into toasts and sounds (document 1 section 4 'Notices and
 * toasts'); mounted once by the root route. The queue merges experience and key toasts.
 */
export function useLiveNotices(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    // The battle page shows its own start and finish: no toast for the battle on screen.
    const onPage = (path: string) => router.state.location.pathname === path;
    const offs = [
      socket.on('WALLET_BALANCE_CHANGED', (change) => {
        if (change.amount > 0) play((sound) => sound.playBalanceChange(change.amount));
        // The labels load with the first change; nothing on the first page needs them.
        void import('./notices.ts').then(({ balanceNotice }) => {
          const notice = balanceNotice(change);
          if (notice) pushNotice(notice);
        });
      }),
      socket.on('#EXPERIENCE_CHANGED', ({ exp, user_progress: progress }) => {
        if (progress) setAccountProgress(queryClient, progress);
        // A refund takes experience back quietly: the toast is for what was earned.
        if (exp > 0) notify({ type: 'experience_changed', exp });
      }),
      socket.on('#USER_RANK_CHANGED', ({ rank, exp }) => notify({ type: 'user_rank_changed', exp: exp ?? 0, rank })),
      socket.on('#ACHIEVE_ISSUED', ({ name }) => {
        // Spec: an issued achievement plays a sound.
        play((sound) => sound.playSound('notice'));
        notify({ type: 'achieve', name });
      }),
      socket.on('COMMUNITY_KEY_ISSUED', ({ key }) => notify({ type: 'received_keys', key })),
      socket.on('PARTNER_LEVEL_CHANGED', ({ new_level }) => notify({ type: 'partner_level_changed', new_level })),
      // Document 1: basic verification can be forced by a server event; it opens the verification page as the call's error does.
      socket.on('BASIC_VERIFY_REQUIRED', () => {
        if (router.state.location.pathname !== '/account/verify') void router.navigate({ to: '/account/verify' });
      }),
      // Game toasts show in the player's active tab only (PAGE_ACTIVE).
      socket.on('ARENA_GAME_RUN', (game) => {
        if (isActiveTab() && !onPage(game.path)) notify({ type: 'game_start', hash: game.hash });
      }),
      socket.on('ARENA_GAME_CLOSED', (game) => {
        if (isActiveTab() && !game.personal && !onPage(game.path)) notify({ type: 'game_done', hash: game.hash });
      }),
      socket.on('INVENTORY_ASSET_ISSUED', ({ count }) => {
        // The inventory's keys load on demand: the first page does without them.
        void import('../inventory/index.ts').then(({ inventoryKeys }) => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }));
        notify({ type: 'bp_card', asset_count: count });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, router]);
}
