/// <reference types="@cloudflare/vitest-pool-workers/types" />
// Bindings the integration tests read through `env` from "cloudflare:test".
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    APP_URL: string;
    S3_ENDPOINT: string;
    S3_REGION: string;
    S3_BUCKET: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    MAIL_FROM: string;
    RESEND_BASE_URL: string;
    RESEND_API_KEY: string;
    OAUTH_URL: string;
    SESSION_SECRET: string;
  }
}

declare module "*?raw" {
  const text: string;
  export default text;
}
