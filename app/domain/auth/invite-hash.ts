/**
 * The registration invitation link (spec 1 §2): `?hash=` is base64 of `key=value&…` pairs with name,
 * lastName, email, phone, invite_id and is_invited. It only prefills the form: the server links the
 * account to the invitation only when the invitation exists and names the same e-mail.
 */
export type InvitePrefill = { name?: string; lastName?: string; email?: string; phone?: string; invite_id?: number; is_invited?: boolean };

export function decodeInviteHash(hash: string | null | undefined): InvitePrefill | null {
  if (!hash || hash.length > 2000) return null;
  try {
    const bin = atob(hash.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    const params = new URLSearchParams(text);
    const str = (k: string, max: number) => {
      const v = params.get(k)?.trim();
      return v ? v.slice(0, max) : undefined;
    };
    const inviteId = Number(params.get("invite_id"));
    return {
      name: str("name", 30),
      lastName: str("lastName", 30),
      email: str("email", 254),
      phone: str("phone", 25),
      invite_id: Number.isInteger(inviteId) && inviteId > 0 ? inviteId : undefined,
      is_invited: params.get("is_invited") === "1",
    };
  } catch {
    return null;
  }
}

export function encodeInviteHash(p: InvitePrefill): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) params.set(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  const bytes = new TextEncoder().encode(params.toString());
  return btoa(String.fromCharCode(...bytes));
}
