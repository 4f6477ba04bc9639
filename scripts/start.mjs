// `npm start`: build, migrate the local D1, start the local S3 and OAuth stand-ins, serve the Worker on
// http://localhost:8787, and seed reference and demo data when the database is empty.
import { migrateLocal, npx, seed, startWorker } from "./lib.mjs";
import { startOAuthProvider } from "./oauth-provider-lib.mjs";
import { uploadPublicDocs } from "./docs-lib.mjs";
import { startS3Server } from "./s3-server-lib.mjs";

const started = Date.now();
console.log("› Сборка (remix vite:build)…");
await npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
console.log("› Миграции локальной D1…");
await migrateLocal();
const s3 = await startS3Server();
await uploadPublicDocs({ endpoint: s3.url });
console.log(`› Локальный S3: ${s3.url} (документы в docs/)`);
const oauth = await startOAuthProvider();
console.log(`› Локальный OAuth (Яндекс ID, VK ID): ${oauth.url}`);
const worker = await startWorker({ port: 8787 });
worker.child.stdout.pipe(process.stdout);
worker.child.stderr.pipe(process.stderr);
const seeded = await seed(worker.url);
console.log(`› Данные: справочники ${seeded.reference ? "загружены" : "уже есть"}, демо-аккаунты ${seeded.demo ? "созданы" : "уже есть"}`);
console.log(`
✓ Готово за ${((Date.now() - started) / 1000).toFixed(1)} с: http://localhost:8787
  Демо-аккаунты (пароль Demo_Pass1): customer@demo.ru, expert@demo.ru, operator@demo.ru
  Письма: http://localhost:8787/dev/mail
`);

async function shutdown() {
  await worker.stop();
  await Promise.all([s3.close(), oauth.close()]);
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
worker.child.on("exit", (code) => {
  console.error(`wrangler dev exited (${code})`);
  void Promise.all([s3.close(), oauth.close()]).then(() => process.exit(code ?? 1));
});
