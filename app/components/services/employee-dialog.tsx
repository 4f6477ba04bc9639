import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Field, FormError, validityMessage } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { EMAIL_PATTERN, LIMITS, NAME_PATTERN_HTML, PHONE_PATTERN_HTML } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { arrowTab } from "~/lib/tab-keys";
import { SVC } from "./limits";
import type { Member } from "./types";
import { useAnswerErrors } from "~/lib/answer-errors";
import { formatRating } from "~/domain/reputation/score";

const EMPLOYEE_TABS = ["current", "new"] as const;
type Found = { id: number; name: string; company: string | null; rating: number };
type InviteAnswer = { message?: string; errors?: Record<string, string[]>; invited?: { id: number; name: string; link: string } };

/**
 * The add-employee dialog of the team step (spec 3 §2): 'Из текущих' finds a user (400 ms after typing,
 * the team search), 'Новый сотрудник' invites someone by e-mail; the answer carries the registration
 * link, shown to copy. The new-employee rules (§5) are the server's; the inputs carry their HTML limits.
 * A response's team (`scope` colleagues) finds only the people who agreed to work with the expert (decision 0064).
 */
export default function EmployeeDialog({
  members,
  meId,
  onAdd,
  onClose,
  maxMembers = SVC.teamMax,
  scope = "all",
}: {
  members: Member[];
  meId: number | null;
  onAdd: (m: Member) => void;
  onClose: () => void;
  maxMembers?: number;
  scope?: "all" | "colleagues";
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<"current" | "new">("current");
  // A service's team is 10 (spec 3 §9); a response's, which reuses this dialog, is 20.
  const full = members.length >= maxMembers;
  return (
    <Modal open onClose={onClose} title={t("servicesPage.employeeTitle")}>
      <div className="svc-tabs" role="tablist" aria-label={t("servicesPage.employeeTabs")}>
        {EMPLOYEE_TABS.map((k, i) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`emp-tab-${k}`}
            aria-controls={`emp-panel-${k}`}
            aria-selected={tab === k}
            tabIndex={tab === k ? 0 : -1}
            className="svc-tabs__tab"
            onClick={() => setTab(k)}
            onKeyDown={(e) => {
              const to = arrowTab(e, i, EMPLOYEE_TABS.length);
              if (to === null) return;
              setTab(EMPLOYEE_TABS[to]!);
              document.getElementById(`emp-tab-${EMPLOYEE_TABS[to]}`)?.focus();
            }}
          >
            {k === "current" ? t("servicesPage.fromCurrent") : t("servicesPage.newEmployee")}
          </button>
        ))}
      </div>
      {full ? <FormError message={t("servicesPage.teamMax", { count: maxMembers })} /> : null}
      <div role="tabpanel" id={`emp-panel-${tab}`} aria-labelledby={`emp-tab-${tab}`}>
        {tab === "current" ? <CurrentUsers members={members} meId={meId} onAdd={onAdd} full={full} scope={scope} /> : <NewEmployee onAdd={onAdd} full={full} />}
      </div>
    </Modal>
  );
}

function CurrentUsers({ members, meId, onAdd, full, scope }: { members: Member[]; meId: number | null; onAdd: (m: Member) => void; full: boolean; scope: "all" | "colleagues" }) {
  const { t, lang } = useTranslation();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [loading, setLoading] = useState(false);
  const q = query.trim();
  useEffect(() => {
    if (q.length < SVC.searchMin) {
      setFound(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/services/team-search?search=${encodeURIComponent(q)}${scope === "colleagues" ? "&scope=colleagues" : ""}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        setFound(res.ok ? ((await res.json()) as Found[]) : []);
      } catch {
        if (!controller.signal.aborted) setFound([]);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, SVC.debounceMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [q, scope]);
  const shown = (found ?? []).filter((f) => f.id !== meId);
  const [added, setAdded] = useState<string | null>(null);
  return (
    <div className="form">
      <p className="visually-hidden" role="status">
        {added ? t("servicesPage.addedToTeam", { name: added }) : ""}
      </p>
      {scope === "colleagues" ? <p className="note">{t("servicesPage.colleaguesHint")}</p> : null}
      <Field label={t("servicesPage.search")} name="search" type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} hint={t("servicesPage.searchHint")} maxLength={100} />
      <div aria-live="polite">
        {loading ? <p className="field__hint">{t("servicesPage.searching")}</p> : null}
        {!loading && found && !shown.length ? <p className="note">{t("servicesPage.nothingFound")}</p> : null}
        {!loading && shown.length ? (
          <ul className="svc-found">
            {shown.map((f) => {
              const inTeam = members.some((m) => m.id === f.id && m.type !== "invited");
              return (
                <li key={f.id} className="svc-found__item">
                  <div>
                    <p className="svc-found__name">{f.name}</p>
                    <p className="note">{[f.company, f.rating ? `★ ${formatRating(f.rating, lang)}` : null].filter(Boolean).join(" · ")}</p>
                  </div>
                  {/* Not `disabled`: the pressed button keeps the focus as it turns into 'В команде'. */}
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    aria-disabled={inTeam || full || undefined}
                    onClick={() => {
                      if (inTeam || full) return;
                      onAdd({ id: f.id, type: "user", name: f.name, need_approve: true });
                      setAdded(f.name);
                    }}
                    aria-label={`${inTeam ? t("servicesPage.inTeam") : t("servicesPage.choose")}: ${f.name}`}
                  >
                    {inTeam ? t("servicesPage.inTeam") : t("servicesPage.choose")}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function NewEmployee({ onAdd, full }: { onAdd: (m: Member) => void; full: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<InviteAnswer>({ key: "service-invite" });
  const [copied, setCopied] = useState(false);
  const added = useRef<number | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const { errors, onChange: dismissError } = useAnswerErrors(answer?.errors);
  useEffect(() => {
    const inv = answer?.invited;
    if (inv && added.current !== inv.id) {
      added.current = inv.id;
      onAdd({ id: inv.id, type: "invited", name: inv.name });
    }
  }, [answer, onAdd]);
  const messages = {
    name: validityMessage(t, { valueMissing: "validation.name_required", patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
    lastName: validityMessage(t, { valueMissing: "validation.last_name_required", patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
    patronymic: validityMessage(t, { patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
    phone: validityMessage(t, { valueMissing: "validation.phone_required", patternMismatch: "validation.phone_invalid", tooLong: "validation.phone_max" }),
    // The server's words for the same rules (service.v.*).
    years: validityMessage(t, { valueMissing: "servicesPage.empYearsRequired", rangeUnderflow: "servicesPage.empYearsMin", rangeOverflow: "servicesPage.empYearsMax", stepMismatch: "validation.invalid" }),
    projects: validityMessage(t, { valueMissing: "servicesPage.empProjectsRequired", rangeUnderflow: "servicesPage.empProjectsMin", rangeOverflow: "servicesPage.empProjectsMax", stepMismatch: "validation.invalid" }),
  };
  if (answer?.invited)
    return (
      <div className="form">
        <p className="banner banner--success" role="status">
          {t("servicesPage.invitedTitle")}
        </p>
        <p>{t("servicesPage.invitedText")}</p>
        <p className="svc-link">
          <a href={answer.invited.link} data-testid="invite-link">
            {answer.invited.link}
          </a>
        </p>
        <div className="modal__actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              void navigator.clipboard?.writeText(answer.invited!.link).then(() => setCopied(true), () => undefined);
            }}
          >
            {copied ? t("servicesPage.copied") : t("servicesPage.copyLink")}
          </button>
        </div>
      </div>
    );
  const err = (k: string) => (errors[k]?.length ? errors[k] : undefined);
  const emailProblem = (input: HTMLInputElement) => (input.validity.valueMissing ? t("validation.email_required") : !EMAIL_PATTERN.test(input.value) ? t("validation.email_invalid") : undefined);
  return (
    <fetcher.Form method="post" className="form" onChange={dismissError}>
      <input type="hidden" name="intent" value="invite" />
      <div className="grid-2">
        <Field label={t("servicesPage.empLastName")} name="lastName" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} autoComplete="off" errors={err("lastName")} invalidMessage={messages.lastName} />
        <Field label={t("servicesPage.empName")} name="name" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} autoComplete="off" errors={err("name")} invalidMessage={messages.name} />
      </div>
      <Field label={t("servicesPage.empPatronymic")} name="patronymic" maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} autoComplete="off" errors={err("patronymic")} invalidMessage={messages.patronymic} />
      <div className="grid-2">
        <Field label={t("servicesPage.empEmail")} name="email" type="email" required maxLength={LIMITS.emailMax} autoComplete="off" errors={err("email")} invalidMessage={emailProblem} />
        <Field label={t("servicesPage.empPhone")} name="phone" type="tel" required maxLength={LIMITS.phoneMax} pattern={PHONE_PATTERN_HTML} autoComplete="off" errors={err("phone")} invalidMessage={messages.phone} placeholder="+7 999 123-45-67" />
      </div>
      <div className="grid-2">
        <Field label={t("servicesPage.empYears")} name="direction_years" type="number" inputMode="numeric" required min={SVC.directionYears.min} max={SVC.directionYears.max} step={1} errors={err("direction_years")} invalidMessage={messages.years} />
        <Field label={t("servicesPage.empProjects")} name="projects" type="number" inputMode="numeric" required min={SVC.projects.min} max={SVC.projects.max} step={1} errors={err("projects")} invalidMessage={messages.projects} />
      </div>
      {answer?.message && !Object.keys(errors).length ? <FormError message={answer.message} /> : null}
      {err("users") ? <FormError message={err("users")!.join(". ")} /> : null}
      <div className="modal__actions">
        <SubmitButton pending={fetcher.state !== "idle"} disabled={full}>
          {t("servicesPage.invite")}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
