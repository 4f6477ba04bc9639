import { describe, expect, it } from "vitest";
import { badgeCounts, CUSTOMER_GROUPS, EXECUTOR_GROUPS } from "~/domain/visits/badges";

const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h)).toISOString();

describe("the badge logic (spec 1 §4)", () => {
  it("counts items whose status changed after the last visit to their group", () => {
    const { counts, hasNew } = badgeCounts(
      [
        { group: "active", status_updated_at: at(12), is_viewed: true },
        { group: "active", status_updated_at: at(8), is_viewed: false },
        { group: "completed", status_updated_at: at(9), is_viewed: false },
      ],
      { active: at(10), completed: at(10) },
      CUSTOMER_GROUPS,
    );
    expect(counts).toEqual({ search: 0, active: 1, expired: 0, completed: 0 });
    expect(hasNew).toBe(true);
  });

  it("counts everything in a group never visited", () => {
    expect(badgeCounts([{ group: "rejected", status_updated_at: at(1), is_viewed: true }], {}, EXECUTOR_GROUPS).counts.rejected).toBe(1);
  });

  it("counts unviewed items for invitations and searching requests, whatever the visit time", () => {
    const { counts } = badgeCounts(
      [
        { group: "request", status_updated_at: at(1), is_viewed: false },
        { group: "invite", status_updated_at: at(23), is_viewed: true },
      ],
      { invite: at(5) },
      EXECUTOR_GROUPS,
    );
    expect(counts.invite).toBe(1);
    const customer = badgeCounts([{ group: "searching", status_updated_at: at(1), is_viewed: false }], { search: at(5) }, CUSTOMER_GROUPS);
    expect(customer.counts.search).toBe(1);
  });

  it("merges moderation into sent", () => {
    const { counts } = badgeCounts(
      [
        { group: "moderation", status_updated_at: at(12), is_viewed: false },
        { group: "sent", status_updated_at: at(13), is_viewed: false },
      ],
      { sent: at(10) },
      EXECUTOR_GROUPS,
    );
    expect(counts.sent).toBe(2);
  });

  it("shows no 'new' chip when nothing changed", () => {
    expect(badgeCounts([{ group: "active", status_updated_at: at(1), is_viewed: true }], { active: at(2) }, CUSTOMER_GROUPS).hasNew).toBe(false);
  });
});
