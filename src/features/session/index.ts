/** Sign-in and session: the account query, the login and logout flows, the session's sync. */
export { accountQueryOptions, isClubMember, sessionKeys, setAccountBalance, setAccountProgress, useAccount, useClubMember, type Account } from './account-query.ts';
export { LoginButton, providerLoginUrl } from './login-button.tsx';
export { SessionModals, preloadLoginModal } from './session-modals.tsx';
export { useLogged } from './logged-cookie.ts';
export { sessionModal, signOut } from './session-actions.ts';
export { useSessionSync } from './use-session-sync.ts';
export { UserMenu } from './user-menu-part.tsx';
export { canSeeMembers, requireLogin, requireMembersAccess, type GuardFallback } from './guards.ts';
export { readLogged } from './logged-cookie.ts';
export { answerPrompt, shownPrompt, usePrompts } from './prompts.ts';
export { useCheckin } from './use-checkin.ts';
export { LOGIN_REMINDER_MS, loginReminder, useLoginReminder } from './use-login-reminder.ts';
