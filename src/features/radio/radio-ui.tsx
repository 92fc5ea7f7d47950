/** Small parts the hint and the modal share: volume, listen button, position, the song card. */
import { useEffect, useState } from 'react';
import type { RadioSound } from '../../contract/index.ts';
import { useSettings } from '../../storage/settings.ts';
import { Button } from '../../ui/button.tsx';
import { iconBase, type IconProps } from '../../ui/icons.tsx';
import { disableRadio, enableRadio, playbackPosition, player, setRadioVolume } from './player.ts';
import { NEXT_HINT_MS, TICK_MS, station } from './station.ts';

/** m:ss of a number of seconds. */
export const clockText = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function ThumbUpIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M7 10v11H4V10h3Zm0 0 4-8a2.5 2.5 0 0 1 3 2.5V9h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7" />
    </svg>
  );
}

export function ThumbDownIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)} style={{ transform: 'rotate(180deg)' }}>
      <path d="M7 10v11H4V10h3Zm0 0 4-8a2.5 2.5 0 0 1 3 2.5V9h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7" />
    </svg>
  );
}

/** The radio's own volume, 0 to 1 in steps of 0.01 (spec). */
export function VolumeSlider() {
  const { volume } = player.use();
  return (
    <label className="radio-volume">
      <span>Volume</span>
      <input type="range" min={0} max={1} step={0.01} value={volume} onChange={(event) => setRadioVolume(Number(event.target.value))} aria-valuetext={`${Math.round(volume * 100)}%`} />
    </label>
  );
}

/** Listen now / Stop. The tap itself starts the audio (never before one). */
export function ListenButton() {
  const { enabled } = player.use();
  return enabled ? (
    <Button size="sm" onClick={disableRadio}>
      Stop
    </Button>
  ) : (
    <Button size="sm" variant="primary" onClick={() => void enableRadio()}>
      Listen now
    </Button>
  );
}

/**
 * Where the song is: elapsed / length on the server's clock, and what the player reports
 * (data-seek: howler's own position, read at data-at), sampled every second like every timer here.
 */
export function SongProgress() {
  const { current, skew } = station.use();
  const [sample, setSample] = useState(() => ({ at: Date.now(), seek: playbackPosition() }));
  useEffect(() => {
    const timer = setInterval(() => setSample({ at: Date.now(), seek: playbackPosition() }), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!current) return null;
  const length = (current.end_time - current.start_time) / 1000;
  const elapsed = Math.min(length, Math.max(0, (sample.at + skew - current.start_time) / 1000));
  return (
    <div className="radio-progress">
      <span className="radio-progress-bar" aria-hidden>
        <span style={{ width: `${(100 * elapsed) / length}%` }} />
      </span>
      <output className="radio-position" data-sound={current.id} data-seek={sample.seek ?? ''} data-at={sample.at}>
        {clockText(elapsed)} / {clockText(length)}
      </output>
    </div>
  );
}

/** The announced next song, for 2 s after the announcement (spec: next-song hint). */
export function NextSongHint() {
  const { next, sounds, hintUntil } = station.use();
  const [seenAt, setSeenAt] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setSeenAt(hintUntil), Math.max(0, Math.min(NEXT_HINT_MS, hintUntil - Date.now())));
    return () => clearTimeout(timer);
  }, [hintUntil]);
  const sound = next ? sounds[next.id] : undefined;
  if (!sound || seenAt >= hintUntil) return null;
  return (
    <p className="radio-next-hint" role="status">
      Next song: <strong>{sound.name}</strong> — {sound.author}
    </p>
  );
}

/** A sound's cover and names. */
export function SongCard({ sound, size = 56 }: { sound: RadioSound; size?: number }) {
  return (
    <div className="radio-song">
      <img src={sound.image} alt="" width={size} height={size} className="radio-cover" />
      <div className="radio-song-text">
        <strong className="radio-song-name">{sound.name}</strong>
        <span className="radio-song-meta">
          {sound.author} · {sound.album} · {sound.year}
        </span>
      </div>
    </div>
  );
}

/** A note when the sound setting mutes the radio. */
export function MutedNote() {
  const { sound } = useSettings();
  return sound ? null : <p className="radio-muted">Sound is off in the settings: the radio plays muted.</p>;
}
