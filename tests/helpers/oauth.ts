import { expect } from "vitest";

/**
 * What a person does at the local OAuth stand-in (scripts/oauth-provider-lib.mjs): open the authorization
 * URL, then press «Разрешить» on its consent form as `person`. Returns where the provider sends the browser
 * back, with the code and state.
 */
export async function approveAtProvider(authorizationUrl: string, person: { uid: string; email: string; first_name?: string; last_name?: string }) {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#38;/g, "&")]));
  const url = new URL(authorizationUrl);
  const approve = await fetch(`${url.origin}${url.pathname.replace(/authorize$/, "approve")}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...hidden, email: person.email, first_name: person.first_name ?? "Пётр", last_name: person.last_name ?? "Соколов", uid: person.uid }),
    redirect: "manual",
  });
  expect(approve.status).toBe(302);
  const back = new URL(approve.headers.get("Location")!);
  return { back, code: back.searchParams.get("code")!, state: back.searchParams.get("state")!, device_id: back.searchParams.get("device_id") };
}
