/** What later pages reuse from the sign-in flows: the authenticator code field and setup key (the wallet's 2FA). */
export { CodeField, SetupKey, isCode, type SecureSetupAnswer } from './two-factor-fields.tsx';
