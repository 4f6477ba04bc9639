import type { CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { personNameField, phoneField } from "../validation";

/** spec 1 §5: callback name (letters and hyphen) and phone (required and valid). */
export const contactSchema = (country: CountryCode = "RU") =>
  z.object({
    name: personNameField("validation.name_required"),
    phone: phoneField(country),
  });
