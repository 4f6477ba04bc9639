import { useTranslation } from "~/lib/i18n";
import { SectionTabs } from "../section-tabs";

/**
 * spec 2 §2: the own profile's tabs (another user's profile has none). Its texts are the `profileTabs` page
 * namespace: a page that shows the tabs sends it (`pageTexts(context, "profileTabs", …)`, decision 0012).
 */
export const PROFILE_TABS = [
  { to: "/profile/information", labelKey: "profileTabs.information" },
  { to: "/profile/recommendation-request", labelKey: "profileTabs.recommendationRequest" },
  { to: "/profile/recommendation", labelKey: "profileTabs.recommendation" },
  { to: "/profile/settings", labelKey: "profileTabs.settings" },
];

export function ProfileTabs() {
  const { t } = useTranslation();
  return <SectionTabs label={t("profileTabs.label")} tabs={PROFILE_TABS} />;
}
