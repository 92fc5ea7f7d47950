import { Modal } from '../../ui/modal.tsx';
import { SettingsPanel } from '../settings/index.ts';
import { useLogged } from '../session/index.ts';
import { mobileSettingsOpen } from './mobile-menu-state.ts';

/** The phone's settings window (mobile-menu.tsx mounts it while mobileSettingsOpen is set). */
export default function MobileSettings() {
  const logged = useLogged();
  return (
    <Modal title="Settings" width={579} onClose={() => mobileSettingsOpen.set(false)}>
      <SettingsPanel view="mobile" logged={logged} />
    </Modal>
  );
}
