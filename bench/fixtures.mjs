// The data and credentials the benches share (run.mjs, profile.mjs, mixed.mjs): the demo expert signed in,
// his profile filled to issue 4's "full profile", both credentials checked, each target's headers
// (`credentials`), and the lists and projects of issues 13 and 14 written into the bench's D1.
import { d1Query, step } from "./lib.mjs";

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

/**
 * The headers of a target's `auth`: "bearer" (the demo expert's API token), "cookie" (his page cookie),
 * "customer" (the demo customer's page cookie), "operator" (the operator's API token); none otherwise.
 */
export function credentials({ expert, customer, operator }) {
  return (auth) =>
    auth === "bearer"
      ? { authorization: `Bearer ${expert}` }
      : auth === "cookie"
        ? { cookie: `session=${encodeURIComponent(expert)}` }
        : auth === "customer"
          ? { cookie: `session=${encodeURIComponent(customer)}` }
          : auth === "operator"
            ? { authorization: `Bearer ${operator}` }
            : {};
}

/** Both credentials must really sign in, or the "signed-in" figures would silently be guest figures. */
export async function checkSignedIn(origin, headersFor) {
  for (const auth of ["bearer", "cookie"]) {
    const res = await fetch(`${origin}/api/user`, { headers: headersFor(auth) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/user with the ${auth} credential answered ${res.status}`);
  }
}

export const CUSTOMER = { email: "customer@demo.ru", password: "Demo_Pass1" };

// Data written straight into the Worker's D1 (bench/lib.mjs d1Query, one command each): the calls that would
// write it are rate-limited or belong to other slices. `stateDir` is the bench's Miniflare state.

/**
 * Issue 14: two active projects of the demo expert with 3 and 30 chosen respondents, each respondent with
 * the demo expert's two active services, the demo customer in his team, two competences and a
 * specialization. Resolves with `{ few: { id, n }, many: { id, n } }`.
 */
export async function seedCompleteProjects(stateDir) {
  const expert = `(select id from users where email = '${DEMO.email}')`;
  const customer = `(select id from users where email = '${CUSTOMER.email}')`;
  const sizes = { few: 3, many: 30 };
  const statements = [
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < 30) insert into users (email, name, last_name, email_verified_at) select 'bench-resp-' || printf('%04d', i) || '@bench.test', 'Эксперт', 'Номер ' || i, strftime('%Y-%m-%dT%H:%M:%fZ','now') from n`,
    `insert into works (user_id, company_id, work_start) select id, (select min(id) from companies where status = 'active'), '2015-01-01' from users where email like 'bench-resp-%'`,
    `insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) select w.id, w.user_id, (select min(id) from industries), (select min(id) from options where parent_id is not null), (select min(id) from work_roles), 5 from works w join users u on u.id = w.user_id where u.email like 'bench-resp-%'`,
    `insert into user_expertises (user_id, expertise_id) select u.id, e.id from users u, (select id from expertises where status = 'active' order by id limit 2) e where u.email like 'bench-resp-%'`,
  ];
  for (const [key, n] of Object.entries(sizes)) {
    const name = `Бенч: завершение проекта (${key})`;
    const demand = `(select id from demands where name = '${name}')`;
    statements.push(
      `insert into demands (user_id, name, description, service_type_id, duration_id, budget, expert_type, execution_period, status, is_paid) values (${expert}, '${name}', 'Проект для замеров', 1, 3, 300000, 'ordinary', '2028-06-01', 'active', 1)`,
      `insert into responds (demand_id, user_id, status, salary, tax_id) select ${demand}, id, 'active', 100000, 1 from users where email like 'bench-resp-%' and cast(substr(email, 12, 4) as integer) <= ${n}`,
      `insert into respond_services (respond_id, service_id) select r.id, s.id from responds r, (select id from services where user_id = ${expert} and status = 'active' order by id limit 2) s where r.demand_id = ${demand}`,
      `insert into respond_members (respond_id, type, user_id) select id, 'user', ${customer} from responds where demand_id = ${demand}`,
    );
  }
  await d1Query(stateDir, statements.join("; "));
  const [rows] = await d1Query(stateDir, `select name, id, (select count(*) from responds r where r.demand_id = d.id) as n from demands d where name like 'Бенч: завершение проекта (%'`);
  const of = (key) => rows.find((r) => r.name.endsWith(`(${key})`));
  return { few: of("few"), many: of("many") };
}

/**
 * `n` requests of the demo customer, each with one row of the demo expert, in every status of his lists
 * (two in three invitations, the rest spread over sent, moderation, active, completed, rejected).
 */
export async function insertExpertProjects(stateDir, n, tag) {
  const demo = `(select id from users where email = '${CUSTOMER.email}')`;
  const expert = `(select id from users where email = '${DEMO.email}')`;
  await d1Query(
    stateDir,
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n}) ` +
      `insert into demands (user_id, name, description, service_type_id, duration_id, budget, expert_type, execution_period, status, search_started_at, search_finish) ` +
      `select ${demo}, 'Бенч ${tag} ' || printf('%04d', i), 'Заявка для замера списка эксперта', 1 + (i % 2), null, 30000 + i * 1000, 'ordinary', '2029-06-01', 'searching', strftime('%Y-%m-%dT%H:%M:%fZ','now'), date('now', '+14 days') from n;`,
  );
  await d1Query(
    stateDir,
    `insert into responds (demand_id, user_id, status, is_new, invited_at, responded_at, salary, tax_id, viewed_at) ` +
      `select d.id, ${expert}, case when d.id % 3 <> 0 then 'invite' else (case d.id % 5 when 0 then 'sent' when 1 then 'moderation' when 2 then 'active' when 3 then 'completed' else 'rejected' end) end, ` +
      `case when d.id % 3 <> 0 then 1 else 0 end, strftime('%Y-%m-%dT%H:%M:%fZ','now'), case when d.id % 3 = 0 then strftime('%Y-%m-%dT%H:%M:%fZ','now') end, ` +
      `case when d.id % 3 = 0 then 50000 end, case when d.id % 3 = 0 then 1 end, case when d.id % 6 = 0 then strftime('%Y-%m-%dT%H:%M:%fZ','now') end ` +
      `from demands d where d.name like 'Бенч ${tag} %' on conflict (demand_id, user_id) do nothing;`,
  );
}

/**
 * Issue 14: two paid requests of the demo customer, one with 30 responses and one with 300 (each with a
 * function, two companies, a competence and a team member). Resolves with `{ small, large }`, their ids.
 */
export async function seedRequestList(stateDir) {
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  const mine = "(select r.id from responds r join demands d on d.id = r.demand_id where d.name like 'Бенчмарк:%')";
  const demand = (name) =>
    `insert into demands (user_id, name, description, service_type_id, duration_id, budget, expert_type, execution_period, status, search_started_at, search_finish, is_paid, payment_requested_at, paid_at) ` +
    `select id, '${name}', 'Заявка для замера страницы управления заявкой', 1, 3, 300000, 'ordinary', '2028-06-01', 'searching', ${now}, date('now', '+14 days'), 1, ${now}, ${now} from users where email = '${CUSTOMER.email}';`;
  await d1Query(
    stateDir,
    [
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 300) insert into users (email, name, last_name, phone, email_verified_at) select 'bench-expert-' || printf('%03d', i) || '@bench.test', 'Эксперт', 'Бенчмарков ' || i, '+7 900 000-00-00', ${now} from n;`,
      demand("Бенчмарк: 30 откликов"),
      demand("Бенчмарк: 300 откликов"),
      `insert into responds (demand_id, user_id, status, responded_at, salary, tax_id, description) select d.id, u.id, 'sent', ${now}, 100000 + u.id, 1 + u.id % 4, 'Сделаю задачу за три недели: опыт в отрасли десять лет, похожие проекты в портфолио.' from demands d join users u on u.email like 'bench-expert-%' where d.name = 'Бенчмарк: 300 откликов' or (d.name = 'Бенчмарк: 30 откликов' and u.email <= 'bench-expert-030@bench.test');`,
      `insert into respond_options (respond_id, option_id) select id, (select min(id) from options where parent_id is not null) from ${mine};`,
      `insert into respond_companies (respond_id, company_id) select r.id, c.id from ${mine} r cross join (select id from companies order by id limit 2) c;`,
      `insert into respond_expertises (respond_id, expertise_id) select id, (select min(id) from expertises where parent_id is not null) from ${mine};`,
      `insert into respond_members (respond_id, type, user_id) select id, 'user', (select id from users where email = '${DEMO.email}') from ${mine};`,
    ].join(" "),
  );
  const [ids] = await d1Query(stateDir, "select id, name from demands where name like 'Бенчмарк:%' order by id;");
  const [small, large] = ids.map((r) => r.id);
  return { small, large };
}

/** `n` requests of the signed-in demo expert as a customer, spread over the statuses of his four groups. */
export async function insertCustomerRequests(stateDir, n, tag) {
  const me = `(select id from users where email = '${DEMO.email}')`;
  await d1Query(
    stateDir,
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n}) ` +
      `insert into demands (user_id, name, description, service_type_id, duration_id, budget, expert_type, execution_period, status, search_started_at, search_finish) ` +
      `select ${me}, 'Бенч-заказчик ${tag} ' || printf('%04d', i), 'Заявка для замера списка заказчика', 1 + (i % 2), null, 30000 + i * 1000, 'ordinary', '2029-06-01', ` +
      `case i % 5 when 0 then 'searching' when 1 then 'moderation' when 2 then 'active' when 3 then 'completed' else 'search_expired' end, ` +
      `strftime('%Y-%m-%dT%H:%M:%fZ','now', '-3 days'), date('now', '+11 days') from n;`,
  );
}
