import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
import { IdCardIcon } from '../../ui/page-icons.tsx';

/** /account/verify: account verification. */
export function AccountVerifyPage() {
  return (
    <PageFrame area="account" icon={<IdCardIcon />} eyebrow="Account" title="Verify your account" lead="A short check of who you are keeps withdrawals safe and unlocks higher limits." narrow>
      <Panel title="Why we ask">
        <p>Some payments and withdrawals need a verified account. We ask only what the payment providers require, and keep it private.</p>
      </Panel>
      <PlannedParts
        parts={[
          { title: 'Basic verification', text: 'Your name, date of birth and country.', look: 'rows' },
          { title: 'Two-factor authentication', text: 'Protect withdrawals and the vault with a code from your authenticator app.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}
