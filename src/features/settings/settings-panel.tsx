import { setSetting, useSettings } from '../../storage/settings.ts';
import { Toggle } from '../../ui/popover.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { CurrencySetting } from '../wallet/index.ts';
import './settings.css';

/** Which switches a settings view shows: the header's full set, or the phone's short one. */
export type SettingsView = 'header' | 'mobile';

/**
 * The player's switches (document 1 section 2.2 'Header options': performance mode, voice
 * assistant, sound; the mobile settings modal: performance and notifications, and the client
 * seed for signed-in players).
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
      {view === 'header' && <Toggle label="Assistant tips" checked={settings.assistant} onChange={(value) => setSetting('assistant', value)} />}
      {view === 'header' && <Toggle label="Fast spin" hint="Shorter case spins" checked={settings.fast_spin} onChange={(value) => setSetting('fast_spin', value)} />}
      {logged && view === 'mobile' && (
        <PathLink to="/provably-fair/verify" className="settings-seed">
          Client seed and fairness
        </PathLink>
      )}
      <CurrencySetting />
      <p className="settings-language">Language: English</p>
    </div>
  );
}
