import { z } from "zod";
import { idField } from "../validation";

export const searchQuery = z.object({
  search: z.string({ error: "validation.invalid" }).trim().max(100, "validation.search_max").optional(),
});

export const newOptionSchema = z.object({
  name: z.string({ error: "validation.option_name" }).trim().min(2, "validation.option_name").max(100, "validation.option_name"),
  parent_id: idField.nullish(),
});
