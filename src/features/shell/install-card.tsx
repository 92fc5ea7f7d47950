import { Button } from '../../ui/button.tsx';
import { LogoMark } from '../../ui/icons.tsx';

/** The install offer: Install hands over to the browser's prompt; either answer is final. */
export default function InstallCard({ onDone }: { onDone(install: boolean): void }) {
  return (
    <section className="install-prompt" aria-label="Install the app">
      <LogoMark width={40} height={40} />
      <div className="install-text">
        <p className="install-title">Install SkinFans Arena</p>
        <p>Open it from your home screen, full screen, even offline.</p>
      </div>
      <div className="update-actions">
        <Button size="sm" onClick={() => onDone(false)}>
          Not now
        </Button>
        <Button size="sm" variant="primary" onClick={() => onDone(true)}>
          Install
        </Button>
      </div>
    </section>
  );
}
