/**
 * Turns multipart/url-encoded fields into a plain object: `a[0]` → arrays, `a[0][b]` → arrays of objects
 * (spec README: arrays as key[i], objects as key[i][field]). Files stay File objects.
 */
import { isUnsafeKey } from "./safe-keys";

export type FormValue = string | File | FormValue[] | { [key: string]: FormValue };

/** A field name that would write into a prototype (`__proto__[x]`, `a[constructor][prototype]`): the body is refused whole. */
export class UnsafeFormKeyError extends Error {
  constructor(readonly key: string) {
    super("unsafe form key");
  }
}

const MAX_INDEX = 200;

export function formDataToObject(fd: FormData): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of fd.entries()) {
    const path = parseKey(rawKey);
    if (!path) continue;
    if (path.some(isUnsafeKey)) throw new UnsafeFormKeyError(rawKey);
    // A form sends a textarea's line breaks as CRLF (the HTML standard's form encoding), while its counter and
    // maxLength count each as one character: the text is checked as the person saw it.
    assign(root, path, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : (value as File));
  }
  return compact(root) as Record<string, FormValue>;
}

function parseKey(key: string): (string | number)[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const parts: (string | number)[] = [m[1]!];
  for (const seg of m[2]!.matchAll(/\[([^[\]]*)\]/g)) {
    const s = seg[1]!;
    if (s === "") parts.push(-1);
    else if (/^\d+$/.test(s)) {
      const n = Number(s);
      if (n > MAX_INDEX) return null; // bounded: a hostile index must not allocate a huge array
      parts.push(n);
    } else parts.push(s);
  }
  if (parts.length > 4) return null;
  return parts;
}

function assign(target: any, path: (string | number)[], value: string | File) {
  let cur = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const last = i === path.length - 1;
    const nextIsIndex = !last && typeof path[i + 1] === "number";
    if (key === -1) {
      if (!Array.isArray(cur)) return;
      if (last) cur.push(value);
      else {
        const fresh = nextIsIndex ? [] : {};
        cur.push(fresh);
        cur = fresh;
      }
      continue;
    }
    if (Array.isArray(cur) && typeof key === "string") return;
    if (!Array.isArray(cur) && typeof key === "number") return;
    if (last) {
      cur[key] = value;
    } else {
      if (cur[key] === undefined) cur[key] = nextIsIndex ? [] : {};
      // A name already used for a plain value (or a file) keeps it: the first shape wins.
      if (typeof cur[key] !== "object" || cur[key] instanceof File || Array.isArray(cur[key]) !== nextIsIndex) return;
      cur = cur[key];
    }
  }
}

function compact(v: any): any {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compact);
  if (v && typeof v === "object" && !(v instanceof File)) {
    const out: Record<string, any> = {};
    for (const [k, x] of Object.entries(v)) out[k] = compact(x);
    return out;
  }
  return v;
}
