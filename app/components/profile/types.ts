/** What the profile page's action answers (app/web/profile-page.server.ts `profileAction`). */
export type ProfileActionData =
  | { ok: true; intent: string; message: string; item?: unknown; status?: string }
  | { ok: false; intent: string; message: string; errors: Record<string, string[]> };
