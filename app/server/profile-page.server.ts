import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { DomainError } from "~/domain/errors";
import { loadCasesSections } from "~/domain/cases/profile-sections.server";
import { loadCompetencesSection } from "~/domain/experience/expertises.server";
import { loadExperienceSection, loadSpecializationsSection } from "~/domain/experience/works.server";
import { applyToCouncil, deleteCouncilApplication, loadCouncilSection } from "~/domain/profile/council.server";
import { loadContactsSection, loadHeadSection, loadProjectsSection, saveProfile, saveStatus } from "~/domain/profile/profile.server";
import { listIndustries, listOptions } from "~/domain/reference/reference.server";
import { formObject, runAction } from "./page.server";
import { pageTexts } from "./page-texts.server";
import { promoForPage } from "./promo.server";
import type { Actor } from "./session.server";
import "./load-context";

/**
 * The profile page's data, section by section (spec 2 §2). Each section has its own
 * `load…Section(ctx, userId)` with a fixed number of D1 queries (one query or one batch), run in
 * parallel; a section another part of the product builds plugs in with one import, one entry here and
 * one element in app/components/profile/profile-page.tsx.
 *
 * `view`: "own" is /profile/information (the owner edits); "public" is /profile/{id} and
 * /profile/{id}/expert (read-only: no publications, contacts only after payment, no council).
 */
export async function loadProfilePage(context: AppLoadContext, actor: Actor, userId: number, view: "own" | "public") {
  const ctx = context.ctx;
  const own = view === "own";
  const sectionOpts = { readOnly: !own };
  const [head, contacts, projects, council, reference, promo, experience, specializations, competences, casesPart] = await Promise.all([
    loadHeadSection(ctx, userId),
    loadContactsSection(ctx, actor.user.id, userId),
    loadProjectsSection(ctx, userId),
    own ? loadCouncilSection(ctx, userId) : null,
    // The lists the industry modal and the council form pick from: only the owner edits.
    own ? Promise.all([listIndustries(ctx), listOptions(ctx, actor, {})]) : null,
    own ? promoForPage(context) : { show: false },
    loadExperienceSection(ctx, userId, sectionOpts),
    loadSpecializationsSection(ctx, userId, sectionOpts),
    loadCompetencesSection(ctx, userId, sectionOpts),
    // Cases, and the owner's publications and resume (spec 2 §2), in one batch.
    loadCasesSections(ctx, userId, { readOnly: !own, viewerId: actor.user.id }),
    // LEAD (merge): the other parts of the profile add their loaders here, each `load…Section(ctx, userId)`:
    //   cases:        loadCasesSection(ctx, userId)           → #case (on someone else's profile only if any)
    //   works:        loadWorksSection(ctx, userId)           → #experience (with the specializations)
    //   competences:  loadCompetencesSection(ctx, userId)     → #expertise
    //   publications: own ? loadPublicationsSection(ctx, userId) : null   → #publication (owner only)
    //   resume:       own ? loadResumeSection(ctx, userId) : null         → the resume banner
  ]);
  if (!head) throw new Response("Not Found", { status: 404 });
  return {
    texts: pageTexts(context, "profilePage"),
    experienceTexts: pageTexts(context, "profileExperience"),
    casesTexts: pageTexts(context, "profileCases"),
    view,
    head,
    contacts,
    projects,
    council,
    reference: reference ? { industries: reference[0], options: reference[1].map((o) => ({ id: o.id, name: o.name, parent_id: o.parent_id, status: o.status })) } : null,
    promo,
    experience,
    specializations,
    competences,
    cases: casesPart.cases,
    publications: casesPart.publications,
    // The resume banner is an expert's (spec 2 §4).
    resume: own && actor.user.roles.includes("executor") ? casesPart.resume : null,
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
        return { intent, ...(await saveProfile(context.ctx, actor, { phone: rest.phone ?? "", email: rest.email ?? "", corp_email: rest.corp_email ?? "", socials: rest.socials ?? [] })) };
      case "photo":
        return { intent, ...(await saveProfile(context.ctx, actor, { photo: rest.photo ?? "" })) };
      case "industries":
        return { intent, ...(await saveProfile(context.ctx, actor, { industries: rest.industries ?? "[]" })) };
      case "status":
        return { intent, ...(await saveStatus(context.ctx, actor, { text: rest.text ?? "" })) };
      case "council-apply":
        return { intent, ...(await applyToCouncil(context.ctx, actor, rest)) };
      case "council-delete":
        return { intent, ...(await deleteCouncilApplication(context.ctx, actor, rest.id)) };
      default:
        throw new DomainError("validation", "errors.bad_body", { fields: { form: ["errors.bad_body"] } });
    }
  });
  if (!result.ok) {
    return data({ ...result.body, intent, ok: false as const }, result.init);
  }
  return data({ ...result.value, ok: true as const, message: result.value.message as string });
}
