import { fieldError } from "../errors";
import { COMMON_PASSWORDS } from "./common-passwords.server";

let common: Set<string> | undefined;

/**
 * ASVS 6.2.4: a new password is not one of the 3,000 most common that pass our length rule. The spec's
 * composition rule (an upper-case letter) lets `Password1` through; compared in lower case it is caught.
 * Server-side only: the list stays out of the pages' download. The set is built on first use per isolate.
 */
export function assertUncommonPassword(password: string, field = "password") {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  if (common.has(password.toLowerCase())) throw fieldError(field, "validation.password_common");
}
