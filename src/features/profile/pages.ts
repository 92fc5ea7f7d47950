/** The profile pages, for routes only: a player's page and achievements. */
export { AchievementsPage, ProfilePage } from './profile-pages.tsx';
