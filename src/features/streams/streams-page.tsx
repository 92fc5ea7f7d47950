/** /streams: the streamers on air now, kept live by STREAM_ONLINE and STREAM_OFFLINE. */
import { useQuery } from '@tanstack/react-query';
import type { LiveStream } from '../../contract/index.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { StreamIcon } from '../../ui/page-icons.tsx';
import { followersText } from './followers.ts';
import { streamsQueryOptions, useStreamsLive } from './queries.ts';
import './streams.css';

function StreamCard({ stream }: { stream: LiveStream }) {
  const { _user: user } = stream;
  return (
    <li className="stream-card">
      <div className="stream-preview" aria-hidden>
        <span className="stream-live">LIVE</span>
      </div>
      <div className="stream-body">
        <Avatar name={user.display_name} userHash={user.hash} src={stream.profile.avatar ?? user.info.avatar} size={40} />
        <div className="stream-text">
          <strong className="stream-title">{stream.title}</strong>
          <span className="stream-channel">
            {stream.profile.name} · {user.display_name}
          </span>
          <span className="stream-followers">{followersText(stream.profile.followers)} followers</span>
        </div>
      </div>
      <a className={buttonClass('primary', 'sm', 'stream-watch')} href={stream.profile.link} target="_blank" rel="noopener">
        Watch
      </a>
    </li>
  );
}

export function StreamsPage() {
  useStreamsLive();
  const lobby = useQuery(streamsQueryOptions());
  const streams = lobby.data?.streams ?? [];
  return (
    <PageFrame area="party" icon={<StreamIcon />} eyebrow="Streams" title="Live streams" lead="Streamers playing in the arena right now.">
      <h2 className="streams-heading">Live now</h2>
      {lobby.isPending && <p className="streams-empty">Loading the streams…</p>}
      {lobby.isError && <p className="streams-empty">The streams did not load. Try again later.</p>}
      {lobby.isSuccess && streams.length === 0 && <p className="streams-empty">Nobody is streaming right now. Streams appear here the moment they go live.</p>}
      <ul className="streams-grid" aria-label="Live streams">
        {streams.map((s) => (
          <StreamCard key={s.hash} stream={s} />
        ))}
      </ul>
    </PageFrame>
  );
}
