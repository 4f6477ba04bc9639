/** The operator console's list of invitations (decision 0017), Russian. */
const adminInvitesPage = {
  empty: "Приглашений пока нет",
  inviter: "Кто пригласил",
  invitee: "Кого пригласили",
  company: "Компания",
  type: "Тип",
  typeIndividual: "Эксперт",
  typeCompany: "Компания",
  account: "Аккаунт",
  registered: "Зарегистрирован (ID {{id}})",
  pending: "Ожидает регистрации",
  // Decision 0055: registered through the link, the address not yet confirmed in the account's session.
  unconfirmed: "Зарегистрирован (ID {{id}}), e-mail не подтверждён",
  moderation: "На модерации",
  date: "Дата",
};
export default adminInvitesPage;
export type AdminInvitesPageTexts = typeof adminInvitesPage;
