import { useTranslation } from "~/lib/i18n";
import type { Member } from "./types";
import { focusAfterRemove } from "~/lib/focus-on-remove";

/** A service's team: its members with the invited and pending marks (spec 3 §4). */
export function TeamList({ users, onRemove, meId }: { users: Member[]; onRemove?: (m: Member) => void; meId?: number | null }) {
  const { t } = useTranslation();
  if (!users.length) return <p className="note">{t("servicesPage.teamEmpty")}</p>;
  return (
    <ul className="svc-team">
      {users.map((u) => (
        <li key={`${u.type}-${u.id}`} className="svc-member">
          <span className="avatar svc-member__avatar" aria-hidden="true">
            {u.name.trim().slice(0, 1).toUpperCase()}
          </span>
          {/* The name and its marks in one column beside the avatar: a mark that wraps stays under the name. */}
          <span className="svc-member__body">
            <span className="svc-member__name">{u.name}</span>
            {u.type === "invited" ? <span className="chip chip--moderation">{t("servicesPage.invitedMark")}</span> : null}
            {/* spec 3 §4: the pending mark is shown to everyone but the member himself. */}
            {u.need_approve && !(u.type === "user" && u.id === meId) && !u.isMe ? <span className="chip chip--moderation svc-pending">{t("servicesPage.pending")}</span> : null}
          </span>
          {onRemove ? (
            <button type="button" className="link-button svc-member__remove" onClick={(e) => {
                focusAfterRemove(e.currentTarget);
                onRemove(u);
              }} aria-label={t("servicesPage.removeMember", { name: u.name })}>
              ×
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
