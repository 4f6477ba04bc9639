import { docKey } from "../../../storage/keys";
import type { AppContext } from "~/server/context.server";
import { notFound } from "../errors";

/** The public documents in object storage under docs/ (spec 1 §1: the footer's legal PDFs; /mock's presentation). */
export const PUBLIC_DOCS = [
  { file: "customer-offer.pdf", titleKey: "footer.customerOffer" },
  { file: "expert-offer.pdf", titleKey: "footer.expertOffer" },
  { file: "privacy-policy.pdf", titleKey: "footer.privacy" },
  { file: "user-agreement.pdf", titleKey: "footer.terms" },
  { file: "presentation.pdf", titleKey: "mock.presentation" },
  // spec 2 §2: the expert instruction linked from the profile (its link text is the profile page's own).
  { file: "expert-instruction.pdf", titleKey: "profile.title" },
] as const;

export const LEGAL_DOCS = PUBLIC_DOCS.slice(0, 4);

/** A short-lived signed URL for one of the public documents; any other name does not exist. */
export async function publicDocUrl(ctx: AppContext, file: string) {
  const doc = PUBLIC_DOCS.find((d) => d.file === file);
  if (!doc) throw notFound();
  return ctx.storage.signedUrl(docKey(doc.file), { expiresIn: 300 });
}
