/**
 * The language modal (document 1 section 1: en, es and ua are listed; only English is enabled
 * and offered). It is the translation module: loaded when the player opens it, and a failed load
 * says so in the spec's words (settings-panel.tsx). Choosing English stores the locale and, on
 * an /es or /ua address, goes to the same page without the prefix; the prefixes themselves keep
 * falling back to English (src/app/locale.ts).
 */
import { useState, type FormEvent } from 'react';
import { setSetting } from '../../storage/settings.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalWidth } from '../../ui/modal.tsx';

/** The listed languages; only those enabled can be chosen. */
export const LANGUAGE_CHOICES = [
  { code: 'en', name: 'English', enabled: true },
  { code: 'es', name: 'Español', enabled: false },
  { code: 'ua', name: 'Українська', enabled: false },
] as const;

type Enabled = Extract<(typeof LANGUAGE_CHOICES)[number], { enabled: true }>['code'];

/** The address without an /es or /ua prefix, or null when it has none. */
function withoutPrefix(pathname: string): string | null {
  const match = /^\/(es|ua)(\/.*)?$/i.exec(pathname);
  return match ? (match[2] ?? '/') : null;
}

export default function LanguageModal({ onClose }: { onClose(): void }) {
  // English is the only language on offer, so it is what the modal starts on.
  const [chosen, setChosen] = useState<Enabled>('en');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSetting('locale', chosen);
    const english = withoutPrefix(location.pathname);
    if (english !== null) location.assign(`${english}${location.search}`);
    onClose();
  };
  // The spec gives no width for this modal; it opens from the settings, so it takes theirs.
  return (
    <Modal title="Language" width={ModalWidth.settings} onClose={onClose}>
      <form onSubmit={submit}>
        <fieldset className="language-list">
          <legend className="visually-hidden">Language</legend>
          {LANGUAGE_CHOICES.map((language) => (
            <label key={language.code} className="language-choice" data-enabled={language.enabled}>
              <input
                type="radio"
                name="language"
                value={language.code}
                disabled={!language.enabled}
                checked={language.enabled && chosen === language.code}
                onChange={() => language.enabled && setChosen(language.code)}
              />
              <span lang={language.code === 'ua' ? 'uk' : language.code}>{language.name}</span>
              {!language.enabled && <span className="language-soon">Not available yet</span>}
            </label>
          ))}
        </fieldset>
        <div className="modal-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" data-autofocus>
            Apply
          </Button>
        </div>
      </form>
    </Modal>
  );
}
