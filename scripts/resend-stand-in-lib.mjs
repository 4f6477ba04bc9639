// A local stand-in for the Resend HTTP API (tests only; no internet here). It speaks the one call the
// mailer makes, POST /emails (and POST /emails/batch for several) with `Authorization: Bearer <key>`, and records what it received so a test
// can read it back with GET /_sent?to=<address>.
// Addresses containing "rejected" are refused with 422 the way Resend refuses an invalid recipient.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";

export const RESEND_TEST_KEY = "re_test_local_key";

/** Resend's refusal of one message, or null when it would be sent. */
function invalid(message) {
  for (const field of ["from", "to", "subject"]) {
    if (!message?.[field] || (Array.isArray(message[field]) && message[field].length === 0)) {
      return { statusCode: 422, name: "missing_required_field", message: `Missing \`${field}\` field.` };
    }
  }
  if ([].concat(message.to ?? []).some((r) => String(r).includes("rejected"))) {
    return { statusCode: 422, name: "validation_error", message: "Invalid `to` field. The email address is not allowed." };
  }
  return null;
}

/**
 * @param {{ port?: number; apiKey?: string }} [options]
 * @returns {Promise<{ port: number; url: string; sent: Array<Record<string, unknown>>; close(): Promise<void> }>}
 */
export async function startResendStandIn({ port = 0, apiKey = RESEND_TEST_KEY } = {}) {
  /** @type {Array<Record<string, unknown>>} */
  const sent = [];

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      if (req.method === "GET" && url.pathname === "/_sent") {
        const to = url.searchParams.get("to");
        const items = to ? sent.filter((m) => [].concat(m.to ?? []).includes(to)) : sent;
        return send(res, 200, items);
      }
      const path = url.pathname.replace(/\/+$/, "");
      if (req.method === "POST" && (path === "/emails" || path === "/emails/batch")) {
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          return send(res, 401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
        }
        let raw = "";
        for await (const chunk of req) raw += chunk;
        let body;
        try {
          body = JSON.parse(raw);
        } catch {
          return send(res, 400, { statusCode: 400, name: "invalid_json", message: "Invalid JSON" });
        }
        const headers = { authorization: req.headers.authorization, "content-type": req.headers["content-type"] };
        // The batch call takes an array of up to 100 messages; strict (the default), it refuses all of them when one is invalid.
        const batch = path === "/emails/batch";
        if (batch && (!Array.isArray(body) || body.length === 0 || body.length > 100)) {
          return send(res, 422, { statusCode: 422, name: "validation_error", message: "The batch must hold 1 to 100 emails." });
        }
        const messages = batch ? body : [body];
        // `x-batch-validation: permissive` sends the valid messages and lists the refused ones by index.
        const permissive = batch && req.headers["x-batch-validation"] === "permissive";
        const errors = [];
        for (const [index, message] of messages.entries()) {
          const refusal = invalid(message);
          if (refusal && !permissive) return send(res, 422, refusal);
          if (refusal) errors.push({ index, message: refusal.message });
        }
        const ids = messages.flatMap((message, index) => {
          if (errors.some((e) => e.index === index)) return [];
          const id = randomUUID();
          sent.push({ id, ...message, headers, batch });
          return [{ id }];
        });
        return send(res, 200, batch ? (permissive ? { data: ids, errors } : { data: ids }) : ids[0]);
      }
      return send(res, 404, { statusCode: 404, name: "not_found", message: "The requested endpoint does not exist." });
    } catch (e) {
      return send(res, 500, { statusCode: 500, name: "application_error", message: String(e) });
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    sent,
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
