import { base64UrlToBytes, bytesToBase64Url, timingSafeEqual } from "./crypto.server";

/**
 * PBKDF2-SHA256 through Web Crypto (docs/decisions/0002-password-hashing.md). 100 000 iterations is the
 * most Workers allow; the stored string names its parameters so they can be raised with a re-hash later.
 */
export const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${bytesToBase64Url(salt)}$${bytesToBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<{ ok: boolean; needsRehash: boolean }> {
  if (!stored) {
    // Same work as a real check, so a missing account answers as slowly as a wrong password.
    await derive(password, new Uint8Array(16), PBKDF2_ITERATIONS);
    return { ok: false, needsRehash: false };
  }
  const [algo, iter, saltB64, hashB64] = stored.split("$");
  const iterations = Number(iter);
  const salt = base64UrlToBytes(saltB64 ?? "");
  if (algo !== "pbkdf2-sha256" || !Number.isInteger(iterations) || !salt || !hashB64) return { ok: false, needsRehash: false };
  const hash = await derive(password, salt, iterations);
  const ok = timingSafeEqual(bytesToBase64Url(hash), hashB64);
  return { ok, needsRehash: ok && iterations < PBKDF2_ITERATIONS };
}

/** A hash nobody can sign in with, for accounts created through a social provider without a password. */
export async function dummyPasswordCheck(password: string) {
  await verifyPassword(password, null);
}
