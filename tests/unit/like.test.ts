import { sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users";
import { likeContains } from "~/server/like.server";

const dialect = new SQLiteSyncDialect();
const render = (text: string) => dialect.sqlToQuery(likeContains(users.email, text));

describe("likeContains", () => {
  it("declares the escape character in the statement it builds", () => {
    expect(render("ivan").sql).toBe(`"users"."email" like ? escape '\\'`);
  });

  it("wraps the text in % and escapes _ so an underscore matches only itself", () => {
    expect(render("ivan_petrov").params).toEqual(["%ivan\\_petrov%"]);
  });

  it("escapes % so a percent sign matches only itself", () => {
    expect(render("100%").params).toEqual(["%100\\%%"]);
  });

  it("escapes the escape character itself", () => {
    expect(render("a\\b").params).toEqual(["%a\\\\b%"]);
  });

  it("takes an expression as well as a column", () => {
    const q = dialect.sqlToQuery(likeContains(sql`(${users.name} || ' ' || ${users.lastName})`, "Иван П"));
    expect(q.sql).toBe(`("users"."name" || ' ' || "users"."last_name") like ? escape '\\'`);
    expect(q.params).toEqual(["%Иван П%"]);
  });
  it("finds a text whose pattern D1 would refuse (over 50 bytes) with instr() over lower(), the text unescaped", () => {
    const long = "Константинопольская_Задунайская";
    expect(render(long).sql).toBe(`instr(lower("users"."email"), lower(?)) > 0`);
    expect(render(long).params).toEqual([long]);
    expect(render("a".repeat(48)).sql).toContain(" like ");
    expect(render("a".repeat(49)).sql).toContain("instr(");
  });
});
