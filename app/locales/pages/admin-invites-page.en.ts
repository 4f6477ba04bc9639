import type { AdminInvitesPageTexts } from "./admin-invites-page.ru";

const adminInvitesPage: { [K in keyof AdminInvitesPageTexts]: string } = {
  empty: "No invitations yet",
  inviter: "Invited by",
  invitee: "Invited",
  company: "Company",
  type: "Type",
  typeIndividual: "Expert",
  typeCompany: "Company",
  account: "Account",
  registered: "Registered (ID {{id}})",
  pending: "Not registered yet",
  unconfirmed: "Registered (ID {{id}}), e-mail not confirmed",
  moderation: "In moderation",
  date: "Date",
};
export default adminInvitesPage;
