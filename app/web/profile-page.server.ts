import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { DomainError } from "~/domain/errors";
import { idOrNotFound } from "~/domain/validation";
import { casesSectionsRead } from "~/domain/cases/profile-sections.server";
import { competencesRead } from "~/domain/experience/expertises.server";
import { experienceRead, specializationsRead } from "~/domain/experience/works.server";
import { worksHidingRatings } from "~/domain/experience/rules";
import { rejectedProposalsRead } from "~/domain/admin/reference-queues.server";
import { applyToCouncil, councilRead, deleteCouncilApplication } from "~/domain/profile/council.server";
import { profileClosedTo } from "~/domain/blocked.server";
import { contactsRead, headRead, projectsRead, saveProfile, saveStatus } from "~/domain/profile/profile.server";
import { known, runReads } from "~/domain/reads";
import { receivedRatingsRead } from "~/domain/reputation/ratings.server";
import { formObject, runAction } from "./page.server";
import { pageTexts } from "./page-texts.server";
import { promoForPage } from "./promo.server";
import type { Actor } from "~/server/session.server";
import "./load-context";

/**
 * The profile page's data, section by section (spec 2 §2). Each section is a read (app/domain/reads.ts):
 * its statements and the function that shapes their rows. All sections' statements go to D1 in ONE
 * batch, so the page costs one round trip besides the session's, whatever the profile holds
 * (decision 0020). A section another part of the product builds plugs in with one entry here and one
 * element in app/components/profile/profile-page.tsx.
 *
 * `view`: "own" is /profile/information (the owner edits); "public" is /profile/{id} and
 * /profile/{id}/expert (read-only: no publications, contacts only after payment, no council).
 * The lists the editors pick from (industries, functions) are not part of the page: the editors fetch
 * them when first opened.
 */
export async function loadProfilePage(context: AppLoadContext, actor: Actor, userId: number, view: "own" | "public") {
  const ctx = context.ctx;
  const own = view === "own";
  const sectionOpts = { readOnly: !own };
  const casesParts = casesSectionsRead(ctx, userId, { readOnly: !own, viewerId: actor.user.id });
  const [sections, promo] = await Promise.all([
    runReads(ctx, {
      head: headRead(ctx, userId),
      contacts: contactsRead(ctx, actor.user.id, userId),
      projects: projectsRead(ctx, userId, sectionOpts),
      council: own ? councilRead(ctx, userId) : known(null),
      rejected: own ? rejectedProposalsRead(ctx, userId) : known([]),
      experience: experienceRead(ctx, userId, sectionOpts),
      specializations: specializationsRead(ctx, userId, sectionOpts),
      competences: competencesRead(ctx, userId, sectionOpts),
      received: receivedRatingsRead(ctx, userId),
      ...casesParts,
    }),
    own ? promoForPage(context) : { show: false },
  ]);
  if (!sections.head || profileClosedTo(actor, userId, sections.head.blockedAt)) throw new Response("Not Found", { status: 404 });
  const { blockedAt: _blockedAt, ...head } = sections.head;
  return {
    texts: pageTexts(context, "profilePage", "pickers"),
    experienceTexts: pageTexts(context, "profileExperience"),
    casesTexts: pageTexts(context, "profileCases"),
    view,
    ...sections,
    // The rated specializations each of the owner's works alone gives (decision 0060).
    experience: { ...sections.experience, hidingRatings: own ? worksHidingRatings(sections.experience.works, sections.specializations.groups) : {} },
    head,
    promo,
    // The resume banner is an expert's (spec 2 §4).
    resume: own && actor.user.roles.includes("executor") ? sections.resume : null,
  };
}
export type ProfilePageData = Awaited<ReturnType<typeof loadProfilePage>>;

/** What the owner's page saves: each form names its `intent`; the same domain calls as the API's. */
export async function profileAction(context: AppLoadContext, actor: Actor, request: Request) {
  let intent = "";
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    intent = String(form.intent ?? "");
    const { intent: _omit, ...rest } = form;
    switch (intent) {
      case "contacts":
        return { intent, ...(await saveProfile(context.ctx, actor, { phone: rest.phone ?? "", email: rest.email ?? "", corp_email: rest.corp_email ?? "", socials: rest.socials ?? [], current_password: rest.current_password })) };
      case "photo":
        // A form without a file is refused (never read as the removal below).
        return { intent, ...(await saveProfile(context.ctx, actor, { photo: rest.photo ?? null })) };
      case "photo-remove":
        return { intent, ...(await saveProfile(context.ctx, actor, { photo: "" })) };
      case "industries":
        return { intent, ...(await saveProfile(context.ctx, actor, { industries: rest.industries ?? "[]" })) };
      case "status":
        return { intent, ...(await saveStatus(context.ctx, actor, { text: rest.text ?? "" })) };
      case "council-apply":
        return { intent, ...(await applyToCouncil(context.ctx, actor, rest)) };
      case "council-delete":
        return { intent, ...(await deleteCouncilApplication(context.ctx, actor, idOrNotFound(rest.id))) };
      default:
        throw new DomainError("validation", "errors.bad_body", { fields: { form: ["errors.bad_body"] } });
    }
  });
  if (!result.ok) {
    return data({ ...result.body, intent, ok: false as const }, result.init);
  }
  return data({ ...result.value, ok: true as const, message: result.value.message as string });
}
