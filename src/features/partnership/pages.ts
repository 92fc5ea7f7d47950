/** Partnership, affiliates and invite links. */
export {
  AffiliatesPage,
  InviteCodePage,
  MembersPage,
  NewcomerGuidePage,
  PartnerDashboardPage,
  PartnershipPage,
  RaceCreatePage,
  TiersPage,
  type PartnerSection,
} from './partnership-pages.tsx';
