/**
 * The radio modal (the song playing with its likes and requester, the spectrum, the next
 * songs, Request a Song) and the request modal (the cost, a search debounced 500 ms, an
 * infinite list). Visitors who like or request get the login modal; admins see the count.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { RadioSound } from '../../contract/index.ts';
import { formatCoins } from '../../core/index.ts';
import { rpc } from '../../net/index.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { reportApiError } from '../notifications/index.ts';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { radioModal } from './radio-modal-state.ts';
import { ListenButton, MutedNote, NextSongHint, SongCard, SongProgress, ThumbDownIcon, ThumbUpIcon, VolumeSlider } from './radio-ui.tsx';
import { Spectrum } from './spectrum.tsx';
import { holdStation, station, updateLikes } from './station.ts';
import './radio.css';

/** Width of both radio modals in px (the spec gives none; between the tip and chat-rules modals). */
const RADIO_MODAL_WIDTH = 600;
/** Sounds per page of the request list. */
const PAGE_SIZE = 8;
/** Spec: search debounced by 500 ms; load-more locked 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;
const LOAD_MORE_LOCK_MS = 500;

const close = () => radioModal.set(null);

/** Sends a visitor to the login modal instead of an action. */
function askLogin(): void {
  radioModal.set(null);
  sessionModal.set('login');
}

function useReport() {
  const navigate = useNavigate();
  return (error: unknown) => reportApiError(error, (to) => void navigate({ to }));
}

export default function RadioModals() {
  const open = radioModal.use();
  useEffect(() => holdStation(), []);
  return open === 'request' ? <RequestModal /> : <StationModal />;
}

function Likes({ sound }: { sound: RadioSound }) {
  const logged = useLogged();
  const report = useReport();
  const vote = useMutation({
    mutationFn: (liked: boolean) => rpc.call(liked ? 'radio.like' : 'radio.dislike', { id: sound.id }),
    onSuccess: (answer) => updateLikes(answer.id, answer.likes, answer.isLiked),
    onError: report,
  });
  const act = (liked: boolean) => (logged ? vote.mutate(liked) : askLogin());
  return (
    <div className="radio-likes">
      <button type="button" className="radio-vote" aria-pressed={sound.isLiked} aria-label="Like" disabled={vote.isPending || sound.isLiked} onClick={() => act(true)}>
        <ThumbUpIcon />
        <span>{sound.likes}</span>
      </button>
      <button type="button" className="radio-vote" aria-label="Dislike" disabled={vote.isPending} onClick={() => act(false)}>
        <ThumbDownIcon />
      </button>
    </div>
  );
}

function StationModal() {
  const { current, next, sounds, queue, users, online, loaded } = station.use();
  const account = useAccount();
  const logged = useLogged();
  const user = account.data?.user;
  const admin = !!user && (user.scope >= 4 || user.tags.includes('admin'));
  const sound = current ? sounds[current.id] : undefined;
  const requester = current?.user_hash ? users[current.user_hash] : undefined;
  const nextSound = next ? sounds[next.id] : undefined;
  const upcoming = [...(nextSound && !queue.some((q) => q.id === nextSound.id) ? [{ sound: nextSound, userHash: next!.user_hash }] : []), ...queue.map((q) => ({ sound: q, userHash: q.user_hash }))];

  return (
    <Modal title="Wave radio" width={RADIO_MODAL_WIDTH} onClose={close}>
      <div className="radio-modal">
        {admin && (
          <p className="radio-online" aria-live="polite">
            {online} listening
          </p>
        )}
        {sound ? (
          <section className="radio-current" aria-label="Now playing">
            <SongCard sound={sound} size={88} />
            <Likes sound={sound} />
            <p className="radio-requester">
              {requester ? (
                <>
                  <Avatar name={requester.display_name} userHash={requester.hash} src={requester.info.avatar} size={22} />
                  <span>
                    Requested by <strong>{requester.display_name}</strong>
                  </span>
                </>
              ) : (
                <span>From the Wave rotation</span>
              )}
            </p>
          </section>
        ) : (
          <p className="radio-empty">{loaded ? 'The station is quiet.' : 'Tuning in…'}</p>
        )}
        <SongProgress />
        <Spectrum />
        <NextSongHint />
        <div className="radio-controls">
          <ListenButton />
          <VolumeSlider />
        </div>
        <MutedNote />
        <h3 className="radio-subtitle">Next songs</h3>
        {upcoming.length === 0 ? (
          <p className="radio-empty">Nothing requested: the rotation picks the next song. Request one!</p>
        ) : (
          <ol className="radio-queue">
            {upcoming.map(({ sound: s, userHash }) => (
              <li key={s.id}>
                <SongCard sound={s} size={36} />
                <span className="radio-queue-by">{userHash && users[userHash] ? users[userHash].display_name : 'Rotation'}</span>
              </li>
            ))}
          </ol>
        )}
        <Button variant="primary" className="radio-request-open" onClick={() => (logged ? radioModal.set('request') : askLogin())}>
          Request a Song
        </Button>
      </div>
    </Modal>
  );
}

function RequestModal() {
  const { price, current, next, queue } = station.use();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const report = useReport();
  const queryClient = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useInfiniteQuery({
    queryKey: ['radio', 'list', search],
    queryFn: ({ pageParam, signal }) => rpc.call('radio.list', { offset: pageParam, count: PAGE_SIZE, ...(search ? { name: search } : {}) }, { signal }),
    initialPageParam: '0',
    getNextPageParam: (last) => last.offset ?? undefined,
  });

  const request = useMutation({
    mutationFn: (sound: RadioSound) => rpc.call('radio.request', { id: sound.id, stamp: crypto.randomUUID() }),
    // The balance toast confirms the payment; the song's button turns to In the queue.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['radio', 'list'] }),
    onError: report,
  });

  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const lastLoad = useRef(0);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting || isFetchingNextPage || Date.now() - lastLoad.current < LOAD_MORE_LOCK_MS) return;
        lastLoad.current = Date.now();
        void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const sounds = list.data?.pages.flatMap((p) => p.list) ?? [];
  const waiting = new Set([next?.id, ...queue.map((q) => q.id)]);

  return (
    <Modal title="Request a Song" width={RADIO_MODAL_WIDTH} onClose={() => radioModal.set('radio')}>
      <div className="radio-modal">
        <p className="radio-cost">
          A request costs <strong className="radio-price">{formatCoins(price)}</strong> coins and plays after the songs already requested.
        </p>
        <input className="radio-search" type="search" placeholder="Search the Song" aria-label="Search the Song" value={typed} onChange={(event) => setTyped(event.target.value)} data-autofocus />
        <div className="radio-results" ref={scroller} aria-busy={list.isFetching}>
          {list.isSuccess && sounds.length === 0 && <p className="radio-empty">Nothing found</p>}
          {list.isError && <p className="radio-empty">The songs did not load. Try again later.</p>}
          <ul>
            {sounds.map((s) => {
              const playing = current?.id === s.id;
              const queued = !playing && (waiting.has(s.id) || (s.order !== null && s.order > 0));
              return (
                <li key={s.id} className="radio-result">
                  <SongCard sound={s} size={40} />
                  <Button
                    size="sm"
                    variant={playing || queued ? 'ghost' : 'primary'}
                    disabled={playing || queued || request.isPending}
                    onClick={() => request.mutate(s)}
                  >
                    {playing ? 'Already playing' : queued ? 'In the queue' : 'Request a Song'}
                  </Button>
                </li>
              );
            })}
          </ul>
          <div ref={sentinel} className="radio-sentinel" aria-hidden />
          {isFetchingNextPage && <p className="radio-empty">Loading more…</p>}
        </div>
        <Button onClick={() => radioModal.set('radio')}>Back to the radio</Button>
      </div>
    </Modal>
  );
}
