import { z } from "zod";
import { socialProvidersQuery } from "~/domain/auth/schema";
import { listSocialLinks, SOCIAL_PROVIDERS, startSocialLink, unlinkSocial } from "~/domain/auth/social.server";
import { currentUser, publicUser } from "~/domain/users/users.server";
import { parseInput } from "~/domain/validation";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["user"];

export const userApi = apiRouter();
endpoint(userApi, { method: "get", path: "/user", summary: "The signed-in user", tags, auth: "user", ok: { description: "The user" } }, async (c) => c.json(await currentUser(c.get("ctx"), requireActorC(c))));
endpoint(userApi, { method: "get", path: "/user/{id}", summary: "Another user's public card", tags, auth: "user", params: idParams, ok: { description: "The user" } }, async (c, { id }) =>
  c.json(await publicUser(c.get("ctx"), requireActorC(c), id)),
);

// The settings page's 'Вход через соцсети' (decision 0057): link and unlink providers.
const providerParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
endpoint(userApi, { method: "get", path: "/user/social", summary: "The social sign-in providers and whether each is linked to the account", tags, auth: "user", ok: { description: "The providers" } }, async (c) =>
  c.json(await listSocialLinks(c.get("ctx"), requireActorC(c))),
);
endpoint(
  userApi,
  {
    method: "post",
    path: "/user/social/{provider}",
    summary: "Start linking a provider to the account",
    description: "Answers the provider's authorization URL. Its callback (GET /api/auth/social/callback with the same account's token) answers `{status: 'linked'}`.",
    tags,
    auth: "user",
    params: providerParams,
    body: { json: socialProvidersQuery },
    ok: { description: "The authorization URL" },
    errors: [404, 409, 429],
  },
  async (c, { provider }) => {
    const body = parseInput(socialProvidersQuery, await readBody(c));
    const { url } = await startSocialLink(c.get("ctx"), requireActorC(c), provider, body.redirect_url);
    return c.json({ url });
  },
);
endpoint(userApi, { method: "delete", path: "/user/social/{provider}", summary: "Unlink a provider from the account", tags, auth: "user", params: providerParams, ok: { description: "Unlinked" }, errors: [404, 422] }, async (c, { provider }) =>
  c.json(await unlinkSocial(c.get("ctx"), requireActorC(c), provider)),
);
