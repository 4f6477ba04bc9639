/** Shapes of the seed data files. Ids are fixed so that tests and links stay stable. */
export type SeedIndustry = { id: number; name: string; nameEn: string };
/** A main function (parentId null) with its sub-functions. */
export type SeedOption = { id: number; name: string; nameEn: string; children: { id: number; name: string; nameEn: string }[] };
export type SeedNamed = { id: number; name: string; nameEn: string };
export type SeedServiceType = {
  id: number;
  type: "project" | "consultation";
  name: string;
  nameEn: string;
  fee: string; // fraction as text, "0.15"
  isRoundedUp: boolean;
  roundBase: number; // rubles
  durations: { id: number; name: string; nameEn: string; days: number }[];
};
export type SeedTax = { id: number; name: string; nameEn: string; percent: number };
/** Competence tree node; only leaves (no children) are selectable. */
export type SeedExpertise = { id: number; name: string; nameEn: string; children?: SeedExpertise[] };
export type SeedFaqGroup = {
  id: number;
  audience: "customer" | "expert";
  name: string;
  nameEn: string;
  questions: { question: string; answer: string; questionEn: string; answerEn: string }[];
};
export type SeedCommunity = {
  type: "tribe" | "option" | "alumni";
  name: string;
  chatName: string | null;
  chatLink: string | null;
  industryId: number | null;
  optionId: number | null;
  /** An alumni community's place of study or of work. */
  institutionId?: number;
  companyId?: number;
};
export type SeedSocialService = { code: string; name: string; link: string };
