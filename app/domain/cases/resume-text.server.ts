import { unzipSync, strFromU8 } from "fflate";
import type { FileExt } from "../../../storage/sniff";

/** Formats whose text the product reads (docs/decisions/0015-cases.md: a binary .doc is not read). */
export const READABLE_RESUME: readonly FileExt[] = ["pdf", "docx"];

const MAX_TEXT = 200_000;

/** The largest word/document.xml a .docx resume may unpack to (ASVS V5.2.3: checked before unpacking). */
export const RESUME_XML_MAX_BYTES = 10 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2_000;

/** The plain text of a resume, lines kept. PDF through pdf.js (unpdf, runs in workerd), DOCX by unzipping its XML. */
export async function extractResumeText(bytes: Uint8Array, ext: FileExt): Promise<string> {
  if (ext === "pdf") return (await pdfText(bytes)).slice(0, MAX_TEXT);
  if (ext === "docx") return docxText(bytes).slice(0, MAX_TEXT);
  throw new TypeError(`unreadable resume type: ${ext}`);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // Loaded on first use: pdf.js is large, and only this call needs it.
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } finally {
    await (pdf as unknown as { destroy?: () => Promise<void> }).destroy?.().catch(() => {});
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** word/document.xml as text: a paragraph per line, tabs and breaks kept as spaces and lines. */
export function docxText(bytes: Uint8Array): string {
  // Only the document part is unpacked, and only when its declared size is within the cap: a small upload
  // must not unpack into hundreds of megabytes (a zip bomb). fflate inflates into a buffer of the declared
  // size, so a part that lies about its size is cut there, never grown.
  let entryCount = 0;
  const entries = unzipSync(bytes, {
    filter: (f) => {
      if (++entryCount > MAX_ZIP_ENTRIES) throw new RangeError("too many entries");
      if (f.name !== "word/document.xml") return false;
      if (f.originalSize > RESUME_XML_MAX_BYTES) throw new RangeError("document too large");
      return true;
    },
  });
  const xml = entries["word/document.xml"];
  if (!xml) return "";
  return strFromU8(xml)
    .replace(/<w:tab\/>/g, "\t")
    .replace(/<w:br\/>|<\/w:p>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, x: string, n: string) => String.fromCodePoint(parseInt(n, x ? 16 : 10)));
}
