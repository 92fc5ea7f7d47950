import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { FPS_LIMIT_RANGE, SettingError, setSetting, useSettings } from '../../storage/settings.ts';
import { Toggle } from '../../ui/popover.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { CurrencySetting } from '../wallet/on-demand.ts';
import './settings.css';

/** Which switches a settings view shows: the header's full set, or the phone's short one. */
export type SettingsView = 'header' | 'mobile';

/** Document 1 section 8: the translation module (the language modal's code) did not load. */
export const TRANSLATION_MODULE_FAILED = "There's been a problem loading the translation module";

/** The FPS limit: a whole number, 0 for none; a value out of range is refused with its reason. */
function FpsLimitField() {
  const { fps_limit } = useSettings();
  const [text, setText] = useState(String(fps_limit));
  const [error, setError] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  // The panel scrolls: a refusal at its foot is brought into view.
  useEffect(() => {
    if (error !== null) alert.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  const commit = () => {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    try {
      setSetting('fps_limit', value);
      setError(null);
    } catch (failure) {
      if (!(failure instanceof SettingError)) throw failure;
      setError(failure.message);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form className="settings-fps" onSubmit={submit} noValidate>
      <label className="settings-fps-row">
        <span>
          FPS limit
          <span className="toggle-hint">0 for none, else {FPS_LIMIT_RANGE.min}–{FPS_LIMIT_RANGE.max}</span>
        </span>
        <input
          className="field-input"
          type="number"
          inputMode="numeric"
          min={0}
          max={FPS_LIMIT_RANGE.max}
          step={1}
          value={text}
          aria-invalid={error !== null ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onBlur={commit}
        />
      </label>
      {error !== null && (
        <p ref={alert} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The language line: opens the language modal, which loads on demand (the translation module). */
function LanguageSetting() {
  const [modal, setModal] = useState<{ state: 'closed' } | { state: 'loading' } | { state: 'failed' } | { state: 'open'; Modal: ComponentType<{ onClose(): void }> }>({ state: 'closed' });
  const open = () => {
    setModal({ state: 'loading' });
    import('./language-modal.tsx').then(
      (module) => setModal({ state: 'open', Modal: module.default }),
      () => setModal({ state: 'failed' }),
    );
  };
  return (
    <div className="settings-language">
      <button type="button" className="settings-language-button" onClick={open} disabled={modal.state === 'loading'}>
        <span>Language</span>
        <span className="settings-language-current">English</span>
      </button>
      {modal.state === 'failed' && (
        <p className="form-error" role="alert">
          {TRANSLATION_MODULE_FAILED}
        </p>
      )}
      {modal.state === 'open' && <modal.Modal onClose={() => setModal({ state: 'closed' })} />}
    </div>
  );
}

/**
 * The player's switches (document 1 section 2.2 'Header options': performance mode, voice
 * assistant, sound; the stored settings of section 3; the mobile settings modal: performance
 * and notifications, and the client seed for signed-in players).
 */
export default function SettingsPanel({ view, logged }: { view: SettingsView; logged: boolean }) {
  const settings = useSettings();
  return (
    <div className="settings-panel">
      {view === 'header' && (
        <>
          <Toggle label="Sound" checked={settings.sound} onChange={(value) => setSetting('sound', value)} />
          <label className="volume">
            <span>Volume</span>
            <input
              type="range"
              className="range"
              min={0}
              max={100}
              step={5}
              value={Math.round(settings.volume * 100)}
              disabled={!settings.sound}
              aria-valuetext={`${Math.round(settings.volume * 100)}%`}
              onChange={(event) => setSetting('volume', Number(event.target.value) / 100)}
            />
          </label>
        </>
      )}
      <Toggle label="Performance mode" hint="Fewer effects for slower devices" checked={settings.performance} onChange={(value) => setSetting('performance', value)} />
      <Toggle label="Notifications" hint="Pop-ups for balance changes and rewards" checked={settings.notifications} onChange={(value) => setSetting('notifications', value)} />
      {view === 'header' && (
        <>
          <Toggle label="Assistant tips" checked={settings.assistant} onChange={(value) => setSetting('assistant', value)} />
          <Toggle label="Voice assistant" hint="Reads the assistant's tips aloud" checked={settings.voice} onChange={(value) => setSetting('voice', value)} />
          <p className="settings-group">Cases</p>
          <Toggle label="Auto spin" hint="A new game spins at once" checked={settings.auto_spin} onChange={(value) => setSetting('auto_spin', value)} />
          <Toggle label="Fast spin" hint="Shorter case spins" checked={settings.fast_spin} onChange={(value) => setSetting('fast_spin', value)} />
          <Toggle label="Lightning" hint="The next roll spins by itself" checked={settings.lightning} onChange={(value) => setSetting('lightning', value)} />
          <Toggle label="Lightning+" hint="Lightning's rolls land without the spin" checked={settings.lightning_plus} onChange={(value) => setSetting('lightning_plus', value)} />
          <p className="settings-group">Display</p>
          <Toggle label="Parallax" hint="Case art follows the pointer" checked={settings.parallax} onChange={(value) => setSetting('parallax', value)} />
          <FpsLimitField />
          <Toggle label="Mute battle messages" hint="Hides other players' messages in battles" checked={settings.messages_mute} onChange={(value) => setSetting('messages_mute', value)} />
        </>
      )}
      {logged && view === 'mobile' && (
        <PathLink to="/provably-fair/verify" className="settings-seed">
          Client seed and fairness
        </PathLink>
      )}
      <CurrencySetting />
      <LanguageSetting />
    </div>
  );
}
