/** The own profile's tabs (spec 2 §2), Russian: every page that shows app/components/profile/profile-tabs.tsx sends this namespace. */
const profileTabs = {
  label: "Разделы профиля",
  information: "Информация",
  recommendationRequest: "Оценить специалистов",
  recommendation: "Рекомендации",
  settings: "Настройки",
};
export default profileTabs;
export type ProfileTabsTexts = typeof profileTabs;
