import { Button } from '../../ui/button.tsx';
import { LoginButton } from './login-button.tsx';
import { loginReminder } from './use-login-reminder.ts';

/** The login reminder's card (loaded when first due): the login button, or Not now until the next reminder. */
export default function LoginReminder() {
  return (
    <section className="login-reminder" aria-label="Login reminder">
      <div className="install-text">
        <p className="install-title">Still browsing?</p>
        <p>Log in to open cases, join battles and keep what you drop.</p>
      </div>
      <div className="update-actions">
        <Button size="sm" onClick={() => loginReminder.set(false)}>
          Not now
        </Button>
        <LoginButton />
      </div>
    </section>
  );
}
