import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { IdCardIcon } from '../../ui/page-icons.tsx';
import { TwoFactorPanel } from '../wallet/pages.ts';
import { BasicVerifyPanel } from './basic-verify.tsx';

/** /account/verify: account verification and two-factor authentication. */
export function AccountVerifyPage() {
  return (
    <PageFrame area="account" icon={<IdCardIcon />} eyebrow="Account" title="Verify your account" lead="A short check of who you are keeps withdrawals safe and unlocks higher limits." narrow>
      <Panel title="Basic verification">
        <BasicVerifyPanel />
      </Panel>
      <Panel title="Two-factor authentication">
        <TwoFactorPanel />
      </Panel>
      <Panel title="Why we ask">
        <p>Some payments and withdrawals need a verified account. We ask only what the payment providers require, and keep it private.</p>
      </Panel>
    </PageFrame>
  );
}
