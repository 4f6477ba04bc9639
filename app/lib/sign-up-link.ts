/**
 * The registration link of a guest who asked for `target` (spec 1 §2: after registration the user goes to
 * the profile, or to the request page if a request was started): a started request is carried as
 * `demand=1`, which the sign-up form keeps and its action follows.
 */
export function signUpHref(target: string | null, role?: "expert" | "customer") {
  const query = new URLSearchParams();
  if (role) query.set("role", role);
  if (target !== null && /^\/request-add(?:[?#]|$)/.test(target)) query.set("demand", "1");
  const search = query.toString();
  return search ? `/sign-up?${search}` : "/sign-up";
}
