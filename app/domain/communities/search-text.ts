import { foldName } from "../names";

/**
 * The text a community is searched by (communities.search_text): its name and its chat name folded as
 * names are compared (Cyrillic letter case, ё), one per line so that a search never spans the two.
 * SQLite's LIKE folds ASCII letters only; docs/decisions/0026-communities.md. Pure: the seed writes it too.
 */
export const communitySearchText = (name: string, chatName: string | null) => `${foldName(name)}\n${foldName(chatName ?? "")}`;
