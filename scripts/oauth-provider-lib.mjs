// A local OAuth 2.0 stand-in for Yandex ID and VK ID (development and tests; no internet here).
// It checks what a real provider checks: client id and secret, redirect_uri, PKCE (S256), one-time codes.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";

export const DEFAULT_OAUTH_PORT = 4580;

const CLIENTS = {
  yandex: { id: "local-yandex", secret: "local-yandex-secret" },
  vk: { id: "local-vk", secret: "local-vk-secret" },
};

const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const b64url = (buf) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function readForm(req) {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ port: number; url: string; close(): Promise<void> }>}
 */
export async function startOAuthProvider({ port = DEFAULT_OAUTH_PORT } = {}) {
  const codes = new Map(); // code → {provider, challenge, redirectUri, user}
  const tokens = new Map(); // access token → {provider, user}

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const [, provider, action] = url.pathname.split("/");
      const client = CLIENTS[provider];
      if (!client) return send(res, 404, { error: "unknown provider" });

      if (action === "authorize" && req.method === "GET") {
        const q = url.searchParams;
        if (q.get("client_id") !== client.id) return send(res, 400, { error: "invalid_client" });
        if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return send(res, 400, { error: "pkce_required" });
        // A consent page where the tester chooses who signs in.
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${provider} — вход</title></head><body>
<h1>Локальный ${provider === "vk" ? "VK ID" : "Яндекс ID"}</h1>
<form method="post" action="/${provider}/approve">
${["client_id", "redirect_uri", "state", "code_challenge"].map((k) => `<input type="hidden" name="${k}" value="${esc(q.get(k))}">`).join("")}
<label>E-mail <input name="email" value="${esc(q.get("login_hint") ?? "social.user@example.ru")}"></label>
<label>Имя <input name="first_name" value="Пётр"></label>
<label>Фамилия <input name="last_name" value="Соколов"></label>
<label>ID <input name="uid" value="${esc(q.get("uid") ?? "1001")}"></label>
<button type="submit">Разрешить</button>
</form></body></html>`);
      }

      if (action === "approve" && req.method === "POST") {
        const f = await readForm(req);
        const code = b64url(randomBytes(18));
        const user = { id: f.get("uid") || "1001", email: f.get("email") || null, first_name: f.get("first_name"), last_name: f.get("last_name") };
        codes.set(code, { provider, challenge: f.get("code_challenge"), redirectUri: f.get("redirect_uri"), user });
        const back = new URL(f.get("redirect_uri"));
        back.searchParams.set("code", code);
        back.searchParams.set("state", f.get("state") ?? "");
        if (provider === "vk") back.searchParams.set("device_id", "local-device");
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }

      if (action === "token" && req.method === "POST") {
        const f = await readForm(req);
        const basic = req.headers.authorization?.startsWith("Basic ")
          ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":")
          : [f.get("client_id"), f.get("client_secret")];
        if (basic[0] !== client.id || (provider === "yandex" && basic[1] !== client.secret)) return send(res, 401, { error: "invalid_client" });
        const entry = codes.get(f.get("code") ?? "");
        codes.delete(f.get("code") ?? "");
        if (!entry || entry.provider !== provider) return send(res, 400, { error: "invalid_grant" });
        if (f.get("redirect_uri") && f.get("redirect_uri") !== entry.redirectUri) return send(res, 400, { error: "invalid_grant" });
        const challenge = b64url(createHash("sha256").update(f.get("code_verifier") ?? "").digest());
        if (challenge !== entry.challenge) return send(res, 400, { error: "invalid_grant", error_description: "PKCE" });
        if (provider === "vk" && f.get("device_id") !== "local-device") return send(res, 400, { error: "invalid_request" });
        const accessToken = b64url(randomBytes(24));
        tokens.set(accessToken, { provider, user: entry.user });
        return send(res, 200, { access_token: accessToken, token_type: "bearer", expires_in: 3600, user_id: entry.user.id });
      }

      if (action === "userinfo") {
        if (provider === "yandex") {
          const token = req.headers.authorization?.replace(/^OAuth\s+/, "");
          const t = tokens.get(token ?? "");
          if (!t) return send(res, 401, { error: "invalid_token" });
          return send(res, 200, { id: t.user.id, default_email: t.user.email, first_name: t.user.first_name, last_name: t.user.last_name, login: "local" });
        }
        const f = await readForm(req);
        const t = tokens.get(f.get("access_token") ?? "");
        if (!t) return send(res, 401, { error: "invalid_token" });
        return send(res, 200, { user: { user_id: t.user.id, email: t.user.email ?? "", first_name: t.user.first_name, last_name: t.user.last_name } });
      }
      return send(res, 404, { error: "not_found" });
    } catch (e) {
      return send(res, 500, { error: String(e) });
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actual = server.address().port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
