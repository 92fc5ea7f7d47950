/** The radio hint: the song playing, the volume, Listen now, and the way into the radio modal. */
import { useEffect } from 'react';
import { Button } from '../../ui/button.tsx';
import { radioModal } from './radio-modal-state.ts';
import { ListenButton, MutedNote, NextSongHint, SongCard, SongProgress, VolumeSlider } from './radio-ui.tsx';
import { holdStation, station } from './station.ts';
import './radio.css';

export default function RadioHintPanel() {
  useEffect(() => holdStation(), []);
  const { current, sounds, loaded } = station.use();
  const sound = current ? sounds[current.id] : undefined;
  return (
    <div className="radio-hint">
      {sound ? <SongCard sound={sound} size={48} /> : <p>{loaded ? 'The station is quiet.' : 'Tuning in…'}</p>}
      <SongProgress />
      <NextSongHint />
      <VolumeSlider />
      <MutedNote />
      <div className="radio-hint-actions">
        <ListenButton />
        <Button size="sm" onClick={() => radioModal.set('radio')}>
          Open radio
        </Button>
      </div>
    </div>
  );
}
