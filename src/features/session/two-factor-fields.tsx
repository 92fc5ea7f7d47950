/**
 * The pieces every two-factor screen shares: the six-digit code field, and the setup key (a QR
 * code of the otpauth link, the secret grouped the way apps print it, copy, the link itself).
 * The session's setup prompt and /account/verify both build on them.
 */
import { useId } from 'react';
import type { MethodResult } from '../../contract/index.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { QrCode } from '../../ui/qr-image.tsx';

/** What account.secure-setup answers. */
export type SecureSetupAnswer = MethodResult<'account.secure-setup'>;

/** Six digits of an authenticator app, as typed (spaces dropped). */
const sixDigits = (value: string) => value.replace(/\s+/g, '');

/** Whether a typed code is complete. */
export const isCode = (value: string) => /^\d{6}$/.test(value);

/** One code field with its error line. */
export function CodeField({ code, onChange, error, label = 'Code from your authenticator app' }: { code: string; onChange(value: string): void; error: string | null; label?: string }) {
  const errorId = useId();
  return (
    <>
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          className="field-input prompt-code"
          name="secure_code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => onChange(sixDigits(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          data-autofocus
        />
      </label>
      <p id={errorId} className="form-error" role="alert">
        {error}
      </p>
    </>
  );
}

/** Groups a base32 secret in fours, the way authenticator apps print them. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The key to add to an authenticator app: scanned, typed, copied or opened on this device. */
export function SetupKey({ setup }: { setup: SecureSetupAnswer }) {
  return (
    <div className="setup-key">
      <QrCode text={setup.otpauth_url} label="QR code for your authenticator app" size={148} />
      <div className="setup-key-text">
        <p className="prompt-text">Scan the code with your authenticator app, or type the key in by hand:</p>
        <p className="prompt-secret" aria-label="Setup key">
          {grouped(setup.secret)}
        </p>
        <p className="setup-key-actions">
          <CopyButton text={setup.secret} label="Copy key" />
          <a href={setup.otpauth_url}>Open it in the app on this device</a>
        </p>
      </div>
    </div>
  );
}
