import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { createOperator, createSignedInUser, createUser, signIn } from "../helpers/factories";

/** What a person types is searched as text: `_` and `%` are not LIKE's wildcards. */
describe("searches over typed text", () => {
  it("an operator's search for ivan_petrov finds that user and not ivanXpetrov", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const wanted = await createUser({ email: `ivan_petrov-${tag}@example.ru` });
    const lookalike = await createUser({ email: `ivanXpetrov-${tag}@example.ru` });
    const cookie = `session=${await signIn(await createOperator())}`;
    const page = await api(`/admin?q=${encodeURIComponent(`ivan_petrov-${tag}`)}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain(wanted.email);
    expect(page.text).not.toContain(lookalike.email);
  });

  it("the dashboard's search finds as the users page does: a Cyrillic name in any case, ё as е, the full name", async () => {
    const tag = crypto.randomUUID().slice(0, 6).replace(/[^a-z]/g, "q");
    const wanted = await createUser({ name: "Пётр", lastName: `Сёмин${tag}`, email: `semin-${tag}@example.ru` });
    const cookie = `session=${await signIn(await createOperator())}`;
    for (const q of [`сёмин${tag}`, `семин${tag}`, `Петр Семин${tag}`, `СЁМИН${tag} ПЁТР`]) {
      const page = await api(`/admin?q=${encodeURIComponent(q)}`, { cookie });
      expect(page.text, q).toContain(wanted.email);
    }
  });

  it("an operator's search for a percent sign finds only names that contain one", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const wanted = await createUser({ email: `sale100%off-${tag}@example.ru` });
    const lookalike = await createUser({ email: `sale100xoff-${tag}@example.ru` });
    const cookie = `session=${await signIn(await createOperator())}`;
    const page = await api(`/admin?q=${encodeURIComponent(`100%off-${tag}`)}`, { cookie });
    expect(page.text).toContain(wanted.email);
    expect(page.text).not.toContain(lookalike.email);
  });

  it("the colleague search by name treats an underscore as itself", async () => {
    const tag = crypto.randomUUID().slice(0, 6).replace(/[^a-z]/g, "q");
    const me = await createSignedInUser();
    const wanted = await createUser({ name: "Иван", lastName: `Пет_ров${tag}` });
    const lookalike = await createUser({ name: "Иван", lastName: `ПетXров${tag}` });
    const res = await api<{ id: number }[]>(`/api/user/search?search=${encodeURIComponent(`Иван Пет_ров${tag}`)}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.id)).toEqual([wanted.id]);
    expect(res.body.map((r) => r.id)).not.toContain(lookalike.id);
  });

  it("a colleague search longer than D1's 50-byte LIKE pattern answers, and still takes _ as itself", async () => {
    const tag = crypto.randomUUID().slice(0, 6).replace(/[^a-z]/g, "q");
    const me = await createSignedInUser();
    // 31 Cyrillic letters: 62 bytes, beyond what D1 takes as a LIKE pattern.
    const wanted = await createUser({ name: "Иван", lastName: `Константинопольская_Задунайская${tag}` });
    const lookalike = await createUser({ name: "Иван", lastName: `КонстантинопольскаяЖЗадунайская${tag}` });
    const res = await api<{ id: number }[]>(`/api/user/search?search=${encodeURIComponent(`Иван Константинопольская_Задунайская${tag.toUpperCase()}`)}`, { token: me.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((r) => r.id)).toEqual([wanted.id]);
    expect(res.body.map((r) => r.id)).not.toContain(lookalike.id);
  });
});
