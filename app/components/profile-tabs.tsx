import { SectionTabs } from "./section-tabs";
import { useTranslation } from "~/lib/i18n";

/**
 * The own profile's tabs (spec 2 §2): information, recommendation requests, incoming requests, settings.
 * Used by the recommendation pages; the profile's other pages can take it too.
 */
export function ProfileTabs() {
  const { t } = useTranslation();
  return (
    <div className="profile-tabs">
      <SectionTabs
        label={t("recPages.tabs")}
        tabs={[
          { to: "/profile/information", labelKey: "recPages.information" },
          { to: "/profile/recommendation-request", labelKey: "recPages.outgoing" },
          { to: "/profile/recommendation", labelKey: "recPages.incoming" },
          { to: "/profile/settings", labelKey: "recPages.settings" },
        ]}
      />
    </div>
  );
}
