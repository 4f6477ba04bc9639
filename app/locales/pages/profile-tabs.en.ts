import type { ProfileTabsTexts } from "./profile-tabs.ru";

const profileTabs: { [K in keyof ProfileTabsTexts]: string } = {
  label: "Profile sections",
  information: "Information",
  recommendationRequest: "Rate specialists",
  recommendation: "Recommendations",
  settings: "Settings",
};
export default profileTabs;
