/// <reference types="node" />
// Runs in Node before the workerd test runtimes start: the local S3 server (s3rver on a free port with a
// temporary directory), the local OAuth stand-in (Yandex ID, VK ID) and the Resend stand-in. Their URLs
// reach the Worker as bindings (vitest.integration.config.ts reads them with `inject`).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { uploadPublicDocs } from "../../scripts/docs-lib.mjs";
import { startOAuthProvider } from "../../scripts/oauth-provider-lib.mjs";
import { startResendStandIn } from "../../scripts/resend-stand-in-lib.mjs";
import { startS3Server } from "../../scripts/s3-server-lib.mjs";

export const TEST_BUCKET = "expert-files";

declare module "vitest" {
  export interface ProvidedContext {
    s3Url: string;
    oauthUrl: string;
    resendUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const directory = await mkdtemp(join(tmpdir(), "s3rver-integration-"));
  const [s3, oauth, resend] = await Promise.all([
    startS3Server({ port: 0, directory, bucket: TEST_BUCKET }),
    startOAuthProvider({ port: 0 }),
    startResendStandIn({ port: 0 }),
  ]);
  await uploadPublicDocs({ endpoint: s3.url, bucket: TEST_BUCKET });
  project.provide("s3Url", s3.url);
  project.provide("oauthUrl", oauth.url);
  project.provide("resendUrl", resend.url);
  return async () => {
    await Promise.all([s3.close(), oauth.close(), resend.close()]);
    await rm(directory, { recursive: true, force: true });
  };
}
