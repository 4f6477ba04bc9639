// File type detection by content ("magic bytes"). Never trust the client's
// filename or Content-Type: they are only checked against what we sniff here.
// Pure module (no Node imports) so it runs in workerd, Node and the browser.

export type FileExt =
  | "pdf"
  | "doc"
  | "docx"
  | "rtf"
  | "ppt"
  | "pptx"
  | "xls"
  | "xlsx"
  | "msg"
  | "png"
  | "jpg"
  | "gif"
  | "webp"
  | "svg"
  | "csv";

export interface SniffResult {
  ext: FileExt;
  mime: string;
}

export const MIME_TYPES: Readonly<Record<FileExt, string>> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  rtf: "application/rtf",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  msg: "application/vnd.ms-outlook",
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  csv: "text/csv",
};

export const RESUME_TYPES: readonly FileExt[] = ["pdf", "doc", "docx"];
export const AVATAR_TYPES: readonly FileExt[] = ["png", "jpg", "gif", "webp"];
// Spec: .jpg .png .pdf .docx .doc .rtf .pptx .ppt .msg
export const ATTACHMENT_TYPES: readonly FileExt[] = ["jpg", "png", "pdf", "docx", "doc", "rtf", "pptx", "ppt", "msg"];

// Heuristic scans are bounded so a 50 MB upload costs little CPU in a Worker.
const SCAN_WINDOW = 64 * 1024;

const EXT_ALIASES: Readonly<Record<string, string>> = { jpeg: "jpg" };

/** Lowercased extension of a filename without the dot ("" if none); "jpeg" becomes "jpg". */
export function extensionOf(filename: string): string {
  const base = filename.trim().split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  if (dot < 0 || dot === base.length - 1) return "";
  const ext = base.slice(dot + 1).toLowerCase();
  return EXT_ALIASES[ext] ?? ext;
}

/** Whether the filename's extension agrees with the sniffed type (a PDF named .docx does not). */
export function matchesDeclaredName(sniffed: Pick<SniffResult, "ext"> | null, filename: string): boolean {
  return sniffed !== null && extensionOf(filename) === sniffed.ext;
}

/**
 * Detects the type from content. `declaredName` is only used for CSV, which has
 * no signature: text is accepted as CSV only when the caller says it is one.
 */
export function sniffFileType(bytes: Uint8Array, declaredName?: string): SniffResult | null {
  const ext = sniffExt(bytes, declaredName);
  return ext ? { ext, mime: MIME_TYPES[ext] } : null;
}

function sniffExt(b: Uint8Array, declaredName: string | undefined): FileExt | null {
  if (b.length === 0) return null;
  if (startsWithAscii(b, "%PDF-")) return "pdf";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWithAscii(b, "GIF87a") || startsWithAscii(b, "GIF89a")) return "gif";
  if (startsWithAscii(b, "RIFF") && startsWithAscii(b, "WEBP", 8)) return "webp";
  if (startsWithAscii(b, "{\\rtf")) return "rtf";
  if (startsWith(b, OLE_MAGIC)) return sniffOle(b);
  if (startsWith(b, ZIP_LOCAL_HEADER)) return sniffOoxml(b);
  if (isSvg(b)) return "svg";
  if (declaredName !== undefined && extensionOf(declaredName) === "csv" && looksLikeText(b)) return "csv";
  return null;
}

/** Non-empty, valid UTF-8, no NUL or other control characters except tab, CR, LF, FF. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    // stream: true tolerates a multi-byte character cut at the end of a truncated buffer.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

// ---------------------------------------------------------------------------
// helpers

function startsWith(b: Uint8Array, sig: readonly number[], offset = 0): boolean {
  if (b.length < offset + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (b[offset + i] !== sig[i]) return false;
  return true;
}

function startsWithAscii(b: Uint8Array, s: string, offset = 0): boolean {
  if (b.length < offset + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[offset + i] !== s.charCodeAt(i)) return false;
  return true;
}

function u16(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8);
}

function u32(b: Uint8Array, o: number): number {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
}

// ---------------------------------------------------------------------------
// OLE compound file (legacy .doc/.ppt/.xls/.msg)

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Whether the bytes begin an OLE compound file (legacy .doc/.ppt/.xls/.msg). */
export const isOleFile = (b: Uint8Array) => startsWith(b, OLE_MAGIC);
const NO_STREAM = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;

function classifyOleNames(has: (name: string) => boolean): FileExt | null {
  // msg first: an e-mail's attachments may themselves be Word/Excel documents.
  if (has("__properties_version1.0") || has("__substg1.0_")) return "msg";
  if (has("WordDocument")) return "doc";
  if (has("PowerPoint Document")) return "ppt";
  if (has("Workbook")) return "xls";
  return null;
}

function sniffOle(b: Uint8Array): FileExt | null {
  // Prefer the root storage's own streams so embedded objects (an Excel chart in
  // a deck, a document in a mail) cannot decide the type.
  const rootNames = oleRootNames(b);
  if (rootNames) return classifyOleNames((name) => rootNames.some((n) => n.startsWith(name)));
  // Fallback when the directory can't be followed (truncated buffer, huge file): raw UTF-16LE search.
  const window = b.subarray(0, SCAN_WINDOW);
  return classifyOleNames((name) => indexOf(window, utf16le(name)) >= 0);
}

/** A read the OLE walk asks for: `length` bytes at `offset` (null when the file has none there). */
type OleRead = { offset: number; length: number };
type OleWalk = Generator<OleRead, string[] | null, Uint8Array | null>;

/** Names of the entries directly under the root storage, or null if the directory can't be read from `b`. */
function oleRootNames(b: Uint8Array): string[] | null {
  const walk = oleRootNamesWalk();
  let step = walk.next();
  while (!step.done) {
    const { offset, length } = step.value;
    step = walk.next(offset + length <= b.length ? b.subarray(offset, offset + length) : null);
  }
  return step.value;
}

/**
 * The type of an OLE compound file read piece by piece (`read`: a range of the stored object), for a file
 * larger than what was sniffed at once: Word and PowerPoint often write the directory near the end of the
 * file. At most `maxReads` reads, each one sector.
 */
export async function sniffOleByRanges(read: (offset: number, length: number) => Promise<Uint8Array | null>, maxReads = 64): Promise<SniffResult | null> {
  const walk = oleRootNamesWalk();
  let step = walk.next();
  for (let reads = 0; !step.done; reads++) {
    if (reads >= maxReads) return null;
    const got = await read(step.value.offset, step.value.length);
    step = walk.next(got && got.length === step.value.length ? got : null);
  }
  const names = step.value;
  const ext = names ? classifyOleNames((name) => names.some((n) => n.startsWith(name))) : null;
  return ext ? { ext, mime: MIME_TYPES[ext] } : null;
}

/**
 * The root storage's entries, as a walk that asks for the bytes it needs (the header, FAT and DIFAT sectors,
 * directory sectors): one algorithm whether the file is in memory or read by ranges.
 */
function* oleRootNamesWalk(): OleWalk {
  const header = yield { offset: 0, length: 512 };
  if (!header || !startsWith(header, OLE_MAGIC)) return null;
  const shift = u16(header, 30);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perFatSector = sectorSize / 4;
  const sectorOffset = (s: number) => (s + 1) * sectorSize;
  const cache = new Map<number, Uint8Array>();
  function* sectorAt(s: number): Generator<OleRead, Uint8Array | null, Uint8Array | null> {
    const known = cache.get(s);
    if (known) return known;
    const got = yield { offset: sectorOffset(s), length: sectorSize };
    if (got) cache.set(s, got);
    return got;
  }
  // The FAT's sectors: the first 109 listed in the header, the rest in the DIFAT chain.
  function* fatSector(index: number): Generator<OleRead, number | null, Uint8Array | null> {
    if (index < 109) return u32(header!, 76 + index * 4);
    const perDifat = perFatSector - 1;
    let difat = u32(header!, 68);
    for (let hop = Math.floor((index - 109) / perDifat); hop > 0; hop--) {
      const d = yield* sectorAt(difat);
      if (!d) return null;
      difat = u32(d, perDifat * 4);
    }
    const d = yield* sectorAt(difat);
    return d ? u32(d, ((index - 109) % perDifat) * 4) : null;
  }
  function* nextSector(s: number): Generator<OleRead, number | null, Uint8Array | null> {
    const fs = yield* fatSector(Math.floor(s / perFatSector));
    if (fs === null || fs >= END_OF_CHAIN) return null;
    const fat = yield* sectorAt(fs);
    return fat ? u32(fat, (s % perFatSector) * 4) : null;
  }

  const entries: Uint8Array[] = [];
  let sector: number | null = u32(header, 48);
  // Bound the walk: it also guards against cyclic chains in malformed files.
  for (let guard = 0; sector !== null && sector !== END_OF_CHAIN && guard < 1024; guard++) {
    const dir = yield* sectorAt(sector);
    if (!dir) return null;
    for (let o = 0; o < sectorSize; o += 128) entries.push(dir.subarray(o, o + 128));
    sector = yield* nextSector(sector);
  }
  if (sector !== END_OF_CHAIN) return null;

  const root = entries[0];
  if (!root || root[66] !== 5) return null; // entry 0 must be the root storage

  const names: string[] = [];
  const stack = [u32(root, 76)];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === NO_STREAM || seen.has(id)) continue;
    const entry = entries[id];
    if (!entry) return null;
    seen.add(id);
    const nameBytes = Math.min(u16(entry, 64), 64);
    names.push(decodeUtf16le(entry.subarray(0, Math.max(0, nameBytes - 2))));
    stack.push(u32(entry, 68), u32(entry, 72)); // siblings, not children: root level only
  }
  return names;
}

function utf16le(s: string): Uint8Array {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    out[i * 2] = s.charCodeAt(i) & 0xff;
    out[i * 2 + 1] = s.charCodeAt(i) >> 8;
  }
  return out;
}

function decodeUtf16le(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(u16(b, i));
  return s;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let i = haystack.indexOf(first!, from); i >= 0 && i <= last; i = haystack.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

// ---------------------------------------------------------------------------
// ZIP-based Office Open XML (.docx/.pptx/.xlsx)

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_LOCAL_HEADER_BYTES = new Uint8Array(ZIP_LOCAL_HEADER);
const OOXML_PREFIXES: ReadonlyArray<readonly [string, FileExt]> = [
  ["word/", "docx"],
  ["ppt/", "pptx"],
  ["xl/", "xlsx"],
];
const MAX_ZIP_ENTRIES = 10000;

function sniffOoxml(b: Uint8Array): FileExt | null {
  let offset = 0;
  for (let n = 0; n < MAX_ZIP_ENTRIES && offset >= 0 && offset + 30 <= b.length; n++) {
    if (!startsWith(b, ZIP_LOCAL_HEADER, offset)) break;
    const flags = u16(b, offset + 6);
    const compressedSize = u32(b, offset + 18);
    const nameLength = u16(b, offset + 26);
    const extraLength = u16(b, offset + 28);
    const nameStart = offset + 30;
    if (nameStart + nameLength > b.length) break;
    // Only the prefix matters, so decode just the head of the name.
    const name = String.fromCharCode(...b.subarray(nameStart, nameStart + Math.min(nameLength, 16)));
    for (const [prefix, ext] of OOXML_PREFIXES) if (name.startsWith(prefix)) return ext;

    const dataStart = nameStart + nameLength + extraLength;
    // Bit 3: sizes are in a trailing data descriptor, so search for the next header instead.
    offset =
      flags & 0x08 || compressedSize === 0xffffffff
        ? indexOf(b, ZIP_LOCAL_HEADER_BYTES, dataStart)
        : dataStart + compressedSize;
  }
  return null;
}

const ZIP_CENTRAL_HEADER = [0x50, 0x4b, 0x01, 0x02];
const ZIP_END_OF_DIRECTORY = new Uint8Array([0x50, 0x4b, 0x05, 0x06]);
/** The end record (22 bytes) plus the longest comment a ZIP may carry. */
const ZIP_TAIL_BYTES = 22 + 0xffff;
/** A central directory longer than this is not read: an Office file's has a few hundred entries at most. */
const ZIP_MAX_DIRECTORY_BYTES = 1024 * 1024;

/** Whether the bytes begin a ZIP archive (what a .docx/.pptx/.xlsx is). */
export const isZipFile = (b: Uint8Array) => startsWith(b, ZIP_LOCAL_HEADER);

/**
 * The type of a ZIP-based Office file of `size` bytes read by ranges (`read`: a range of the stored object),
 * for one whose first entries are larger than what was sniffed at once (a thumbnail or an embedded object
 * before the word/ or ppt/ part): the names are read from the central directory at the end of the file. Two
 * reads: the tail with the end record, then the directory.
 */
export async function sniffZipByRanges(read: (offset: number, length: number) => Promise<Uint8Array | null>, size: number): Promise<SniffResult | null> {
  const tailLength = Math.min(size, ZIP_TAIL_BYTES);
  const tail = await read(size - tailLength, tailLength);
  if (!tail || tail.length !== tailLength) return null;
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && startsWith(tail, [...ZIP_END_OF_DIRECTORY], i)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = u16(tail, end + 10);
  const length = u32(tail, end + 12);
  const offset = u32(tail, end + 16);
  // ZIP64 (an archive over 4 GB or 65,535 entries) is not an upload we take.
  // An empty directory names nothing (and a read of no bytes is no range at all).
  if (entries === 0 || length < 46 || entries === 0xffff || offset === 0xffffffff || length > ZIP_MAX_DIRECTORY_BYTES || offset + length > size) return null;
  const dir = await read(offset, length);
  if (!dir || dir.length !== length) return null;
  let o = 0;
  for (let n = 0; n < entries && o + 46 <= dir.length && startsWith(dir, ZIP_CENTRAL_HEADER, o); n++) {
    const nameLength = u16(dir, o + 28);
    const nameStart = o + 46;
    const name = String.fromCharCode(...dir.subarray(nameStart, Math.min(nameStart + Math.min(nameLength, 16), dir.length)));
    for (const [prefix, ext] of OOXML_PREFIXES) if (name.startsWith(prefix)) return { ext, mime: MIME_TYPES[ext] };
    o = nameStart + nameLength + u16(dir, o + 30) + u16(dir, o + 32);
  }
  return null;
}

// ---------------------------------------------------------------------------
// SVG (text)

function isSvg(b: Uint8Array): boolean {
  let text = new TextDecoder("utf-8").decode(b.subarray(0, SCAN_WINDOW));
  if (text.includes("\u0000")) return false;
  text = text.replace(/^\uFEFF/, "");
  // Skip whitespace, the XML declaration, processing instructions, comments and a DOCTYPE.
  const preamble = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*/i;
  const rest = text.slice(preamble.exec(text)?.[0].length ?? 0);
  return /^<svg[\s>/]/.test(rest);
}
