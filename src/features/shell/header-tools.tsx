import { GearIcon, RadioIcon } from '../../ui/icons.tsx';
import { Popover } from '../../ui/popover.tsx';
import { RadioHint, RadioModals } from '../radio/index.ts';
import { SettingsPanel } from '../settings/index.ts';

/** The radio hint: Wave, the arena's shared station (document 2: radio). */
export function RadioButton() {
  return (
    <>
      <Popover label="Radio" title="Wave radio" trigger={<RadioIcon />} className="header-radio">
        <RadioHint />
      </Popover>
      <RadioModals />
    </>
  );
}

/** The settings popover: sound, performance mode, notifications, assistant. */
export function SettingsButton({ logged }: { logged: boolean }) {
  return (
    <Popover label="Settings" title="Settings" trigger={<GearIcon />} className="header-settings">
      <SettingsPanel view="header" logged={logged} />
    </Popover>
  );
}
