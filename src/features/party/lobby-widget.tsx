/**
 * The lobby widget: a small card for the open party the player may see, kept live on
 * STREAM_PARTY_LOBBY. It opens the party modal by itself once per party (remembered on this
 * device), and again whenever the player presses the card; never over a prompt, which holds the
 * calls the party's modal would make (its party would load for ever, over the prompt's buttons).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { shownPrompt, useLogged } from '../session/index.ts';
import { lobbyQueryOptions, usePartyLive } from './queries.ts';
import './party.css';

const SEEN_KEY = 'party-modal-seen';

function seenParties(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The widget for signed-in players only (parties are shown to logged-in players, document 3 section 4). */
export function PartyLobby() {
  return useLogged() ? <PartyLobbyWidget /> : null;
}

function PartyLobbyWidget() {
  usePartyLive();
  const lobby = useQuery(lobbyQueryOptions());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const party = lobby.data?.parties[0];
  const prompt = shownPrompt.use();

  useEffect(() => {
    if (!party || pathname === '/event/stream-party' || prompt) return;
    const seen = seenParties();
    if (seen.includes(party.id)) return;
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seen, party.id].slice(-50)));
    void navigate({ to: '/event/stream-party', search: { id: party.id } });
  }, [party, pathname, navigate, prompt]);

  if (!party || pathname === '/event/stream-party') return null;
  const done = party.progress.tiers_completed_count;
  return (
    <Link to="/event/stream-party" search={{ id: party.id }} className="party-widget" aria-label={`Stream party of ${party.host.display_name}`}>
      <span className={`party-widget-dot ${party.status}`} aria-hidden />
      <span className="party-widget-text">
        <strong>{party.official ? 'Official stream party' : 'Stream party'}</strong>
        <span>
          {party.host.display_name} · tier {Math.min(done + 1, party.progress.tiers_count)}/{party.progress.tiers_count} · {party.participants} joined
        </span>
      </span>
    </Link>
  );
}
