// The data and credentials the benches share (run.mjs, profile.mjs, mixed.mjs): the demo expert signed in,
// his profile filled to issue 4's "full profile", both credentials checked.
import { step } from "./lib.mjs";

export const DEMO = { email: "expert@demo.ru", password: "Demo_Pass1" };
export const OPERATOR = { email: "operator@demo.ru", password: "Demo_Pass1" };

/**
 * Issue 4's "full profile": the demo expert gets at least 10 works, 30 competences and 10 cases, added
 * through the same calls the page makes, so `/profile/information` is measured at that size.
 */
export async function fillProfile(origin, token) {
  const call = async (path, init = {}) => {
    const res = await fetch(origin + path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}), ...init.headers } });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const [industries, options, roles, companies, tree] = await Promise.all([
    call("/api/industries"),
    call("/api/options"),
    call("/api/work_roles"),
    call("/api/companies?name="),
    call("/api/expertises"),
  ]);
  const list = (x) => (Array.isArray(x) ? x : x.items ?? x.data ?? []);
  const subs = list(options).filter((o) => o.parent_id !== null && o.parent_id !== undefined);
  const ind = list(industries);
  for (let i = 0; i < 10; i++) {
    const year = 2000 + i;
    const work = {
      company_id: list(companies)[i % list(companies).length].id,
      work_start: `${year}-01-01`,
      work_finish: `${year + 1}-06-01`,
      workareas: [0, 1].map((k) => ({ industry_id: ind[(i + k) % ind.length].id, option_id: subs[(i * 2 + k) % subs.length].id, role_id: list(roles)[k % list(roles).length].id, work_years: 1 })),
    };
    await call("/api/user/profile/works", { method: "POST", body: JSON.stringify({ works: [work] }) });
  }
  const leaves = [];
  const walk = (nodes) => nodes.forEach((n) => (n.children?.length ? walk(n.children) : n.disabled ? null : leaves.push(n.id)));
  walk(tree.expertises_tree ?? []);
  await call("/api/user/profile/expertises", { method: "POST", body: JSON.stringify({ expertises: { items: leaves.slice(0, 30).map((id) => ({ expertise_id: id })), new_items: [] } }) });
  for (let i = 0; i < 10; i++) {
    const form = new FormData();
    form.set("name", `Проект ${i + 1}: управленческая отчётность`);
    form.set("task", "Собрать отчётность группы компаний в одну модель и сократить закрытие месяца.");
    form.set("solution", "Единый план счетов, загрузка из 1С, проверки сверок, панель для руководства.");
    form.set("results", "Закрытие месяца за 5 дней вместо 15, отчёты без ручных правок.");
    await call("/api/user/cases", { method: "POST", body: form });
  }
  const [works, competences, cases] = await Promise.all([call("/api/user/profile/works"), call("/api/user/profile/expertises"), call("/api/user/cases")]);
  return { works: list(works).length, competences: list(competences).length, cases: list(cases).length };
}

export async function signIn(origin, who = DEMO) {
  const res = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.token) throw new Error(`sign-in as ${who.email} failed: ${res.status} ${JSON.stringify(body)}`);
  step(`Signed in as ${who.email}`);
  return body.token;
}

/** Both credentials must really sign in, or the "signed-in" figures would silently be guest figures. */
export async function checkSignedIn(origin, headersFor) {
  for (const auth of ["bearer", "cookie"]) {
    const res = await fetch(`${origin}/api/user`, { headers: headersFor(auth) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/user with the ${auth} credential answered ${res.status}`);
  }
}
