// Object keys are generated entirely by us: user-supplied filenames never reach
// the key (they only travel in Content-Disposition), so there is no path
// traversal or key collision to worry about.

const SEGMENT = /^[a-z0-9][a-z0-9_-]*$/;
const EXT = /^[a-z0-9]+$/;
const DOC_NAME = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)*$/i;

/** `users/{ownerId}/{kind}/{uuid}.{ext}`, or `shared/{kind}/{uuid}.{ext}` without an owner. */
export function buildKey(kind: string, ownerId: number | null, ext: string): string {
  if (!SEGMENT.test(kind)) throw new TypeError(`invalid storage kind: ${kind}`);
  if (!EXT.test(ext)) throw new TypeError(`invalid storage extension: ${ext}`);
  const file = `${crypto.randomUUID()}.${ext}`;
  if (ownerId === null) return `shared/${kind}/${file}`;
  if (!Number.isSafeInteger(ownerId) || ownerId <= 0) throw new TypeError(`invalid owner id: ${ownerId}`);
  return `users/${ownerId}/${kind}/${file}`;
}

/** Key of a fixed legal document, e.g. docKey("offer-ru.pdf") → "docs/offer-ru.pdf". */
export function docKey(name: string): string {
  if (!DOC_NAME.test(name)) throw new TypeError(`invalid document name: ${name}`);
  return `docs/${name}`;
}
