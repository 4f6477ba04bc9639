import { Hono } from "hono";
import { createOption, footerContent, getIndustry, listIndustries, listOptions, listQuestions, listTaxes, listWorkTypes, supportContent } from "~/domain/reference/reference.server";
import { idField } from "~/domain/validation";
import { notFound } from "~/domain/errors";
import { query, readBody, requireActorC, type HonoEnv } from "../http";

/** Reference data and content (spec 1 §7). Lists are small and public: cached briefly at the edge. */
export const referenceApi = new Hono<HonoEnv>()
  .get("/industries", async (c) => c.json(await listIndustries(c.get("ctx"))))
  .get("/industries/:id", async (c) => {
    const id = idField.safeParse(c.req.param("id"));
    if (!id.success) throw notFound();
    return c.json(await getIndustry(c.get("ctx"), id.data));
  })
  .get("/options", async (c) => c.json(await listOptions(c.get("ctx"), c.get("actor"), query(c))))
  .post("/options", async (c) => c.json(await createOption(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .get("/work_type", async (c) => c.json(await listWorkTypes(c.get("ctx"), query(c))))
  .get("/taxes", async (c) => c.json(await listTaxes(c.get("ctx"))))
  .get("/content/footer", async (c) => c.json(await footerContent(c.get("ctx"))))
  .get("/content/support", async (c) => c.json(await supportContent(c.get("ctx"))))
  .get("/questions", async (c) => c.json(await listQuestions(c.get("ctx"))));
