import { z } from "zod";

const stamp = z.union([z.iso.datetime({ error: "validation.invalid" }), z.null()], { error: "validation.invalid" }).optional();

/** spec 1 §3: the visit-time record. POST sends any part of it; the rest is kept. */
export const clientStorageSchema = z
  .object({
    tgpopup: z.object({ close: stamp, action: stamp }).strict().optional(),
    customer: z.object({ search: stamp, active: stamp, expired: stamp, completed: stamp }).strict().optional(),
    executor: z.object({ invite: stamp, sent: stamp, active: stamp, completed: stamp, rejected: stamp }).strict().optional(),
  })
  .strict();
export type ClientStorageInput = z.output<typeof clientStorageSchema>;

export const CLIENT_EVENTS = ["tgpopup_close", "tgpopup_action", "parse_close", "tg_redirect"] as const;
export const clientEventSchema = z.object({
  name: z.enum(CLIENT_EVENTS, { error: "validation.invalid" }),
});
