import { describe, expect, it } from "vitest";
import { parseCommunitiesQuery } from "~/domain/communities/schema";
import { communitySearchText } from "~/domain/communities/search-text";
import { DomainError } from "~/domain/errors";

const fields = (input: unknown) => {
  try {
    parseCommunitiesQuery(input);
    return {};
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return e.fields ?? {};
  }
};

describe("the communities query", () => {
  it("defaults to the first page of 5 without a search, a blank parameter counting as absent", () => {
    expect(parseCommunitiesQuery({ type: "tribe" })).toEqual({ type: "tribe", page: 1, per_page: 5, search: "" });
    expect(parseCommunitiesQuery({ type: "alumni", page: "", per_page: "", search: "" })).toEqual({ type: "alumni", page: 1, per_page: 5, search: "" });
    expect(parseCommunitiesQuery({ type: "option", page: "3", per_page: "50", search: "  клуб  " })).toEqual({ type: "option", page: 3, per_page: 50, search: "клуб" });
  });

  it("names the field of each bad value", () => {
    expect(fields({})).toEqual({ type: ["communities.type_invalid"] });
    expect(fields({ type: "tribe", page: "0" })).toEqual({ page: ["communities.page_invalid"] });
    expect(fields({ type: "tribe", page: "2.5" })).toEqual({ page: ["communities.page_invalid"] });
    expect(fields({ type: "tribe", per_page: "51" })).toEqual({ per_page: ["communities.per_page_invalid"] });
    expect(fields({ type: "tribe", per_page: "0" })).toEqual({ per_page: ["communities.per_page_invalid"] });
    expect(fields({ type: "tribe", search: "я".repeat(101) })).toEqual({ search: ["communities.search_max"] });
    expect(fields({ type: "tribe", search: "я".repeat(100) })).toEqual({});
  });
});

describe("a community's search text", () => {
  it("folds the name and the chat name apart, one per line, Cyrillic case and ё included", () => {
    expect(communitySearchText("Ёлочный  Клуб", "@Trees_Club")).toBe("елочный клуб\n@trees_club");
    expect(communitySearchText("Клуб", null)).toBe("клуб\n");
  });
});
