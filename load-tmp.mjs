import { request } from "@playwright/test";
const BASE = "http://127.0.0.1:8799";
const errs = {}; let ok = 0;
const until = Date.now() + Number(process.env.SECS ?? 120) * 1000;
async function loop(i) {
  let n = 0;
  while (Date.now() < until) {
    const ip = `10.9.${i}.${(n++ % 250) + 1}`;
    const ctx = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { "CF-Connecting-IP": ip, Connection: process.env.KA ? "keep-alive" : "close" } });
    try {
      const email = `load.${i}.${n}.${Date.now()}@example.ru`;
      const r = await ctx.post("/api/register", { multipart: { name: "Мария", lastName: "Иванова", email, phone: "+7 916 555-12-34", password: "Secret_Pass1", is_expert: "0" } });
      await r.text(); ok++;
      for (let k = 0; k < 8; k++) { const m = await ctx.get("/dev/mail.json"); await m.body(); ok++; await new Promise(r => setTimeout(r, 100)); }
    } catch (e) { const k = String(e.message).split("\n")[0].slice(0, 120); errs[k] = (errs[k] ?? 0) + 1; }
    await ctx.dispose();
  }
}
await Promise.all(Array.from({ length: Number(process.env.C ?? 6) }, (_, i) => loop(i)));
console.log("ok", ok, errs);
