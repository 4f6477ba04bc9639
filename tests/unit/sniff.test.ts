import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_TYPES,
  AVATAR_TYPES,
  RESUME_TYPES,
  extensionOf,
  looksLikeText,
  matchesDeclaredName,
  sniffFileType,
  sniffOleByRanges,
  sniffZipByRanges,
} from "../../storage/sniff";
import { largeDocBytes, largeDocxBytes } from "../helpers/files";

// --- byte builders ----------------------------------------------------------

const enc = new TextEncoder();

function concat(...parts: (Uint8Array | number[] | string)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === "string" ? enc.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let o = 0;
  for (const a of arrays) {
    out.set(a, o);
    o += a.length;
  }
  return out;
}

function le16(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff];
}

function le32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

function utf16le(s: string): number[] {
  return [...s].flatMap((c) => le16(c.charCodeAt(0)));
}

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A valid ZIP archive with stored (uncompressed) entries, optionally using data descriptors. */
function zip(entries: Array<[name: string, content: string]>, opts: { dataDescriptor?: boolean } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = enc.encode(name);
    const data = enc.encode(content);
    const crc = crc32(data);
    const flags = opts.dataDescriptor ? 0x08 : 0;
    const sizes = opts.dataDescriptor ? [...le32(0), ...le32(0), ...le32(0)] : [...le32(crc), ...le32(data.length), ...le32(data.length)];
    const local = concat(
      [0x50, 0x4b, 0x03, 0x04, ...le16(20), ...le16(flags), ...le16(0), ...le16(0), ...le16(0x21)],
      sizes,
      [...le16(nameBytes.length), ...le16(0)],
      nameBytes,
      data,
      opts.dataDescriptor ? [0x50, 0x4b, 0x07, 0x08, ...le32(crc), ...le32(data.length), ...le32(data.length)] : [],
    );
    centrals.push(
      concat(
        [0x50, 0x4b, 0x01, 0x02, ...le16(20), ...le16(20), ...le16(flags), ...le16(0), ...le16(0), ...le16(0x21)],
        [...le32(crc), ...le32(data.length), ...le32(data.length)],
        [...le16(nameBytes.length), ...le16(0), ...le16(0), ...le16(0), ...le16(0), ...le32(0), ...le32(offset)],
        nameBytes,
      ),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = concat(...centrals);
  const eocd = [
    0x50, 0x4b, 0x05, 0x06, ...le16(0), ...le16(0), ...le16(entries.length), ...le16(entries.length),
    ...le32(central.length), ...le32(offset), ...le16(0),
  ];
  return concat(...locals, central, eocd);
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const RELS = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';

const NO_STREAM = 0xffffffff;
type DirEntry = { name: string; type: 1 | 2; left?: number; right?: number; child?: number };

/**
 * A structurally valid OLE compound file (512-byte sectors): header, one FAT
 * sector, one directory sector holding the root entry plus up to 3 entries.
 * `rootChild` is the index (1-based, in `entries`) of the root's child.
 */
function ole(entries: DirEntry[], rootChild = 1): Uint8Array {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  header.set([...le16(0x3e), ...le16(3), 0xfe, 0xff, ...le16(9), ...le16(6)], 24);
  header.set(le32(1), 44); // number of FAT sectors
  header.set(le32(1), 48); // first directory sector
  header.set(le32(4096), 56);
  header.set([...le32(0xfffffffe), ...le32(0), ...le32(0xfffffffe), ...le32(0)], 60);
  for (let i = 0; i < 109; i++) header.set(le32(i === 0 ? 0 : NO_STREAM), 76 + i * 4);

  const fat = new Uint8Array(512).fill(0xff);
  fat.set([...le32(0xfffffffd), ...le32(0xfffffffe)]); // sector 0 = FAT, sector 1 = directory (end of chain)

  const dir = new Uint8Array(512);
  const all: DirEntry[] = [{ name: "Root Entry", type: 1, child: rootChild }, ...entries];
  all.forEach((e, i) => {
    const o = i * 128;
    const name = utf16le(e.name);
    dir.set(name, o);
    dir.set(le16(name.length + 2), o + 64);
    dir[o + 66] = i === 0 ? 5 : e.type;
    dir.set([...le32(e.left ?? NO_STREAM), ...le32(e.right ?? NO_STREAM), ...le32(e.child ?? NO_STREAM)], o + 68);
  });
  for (let i = all.length; i < 4; i++) dir.set([...le32(NO_STREAM), ...le32(NO_STREAM), ...le32(NO_STREAM)], i * 128 + 68);

  return concat(header, fat, dir);
}

// --- fixtures -----------------------------------------------------------------

const PDF = concat("%PDF-1.4\n%\xe2\xe3\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const PNG = concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const JPEG = concat([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0", [1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const GIF = concat("GIF89a", [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x3b]);
const WEBP = concat("RIFF", le32(26), "WEBPVP8 ", le32(14), [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 1, 0, 1, 0, 0, 0, 0, 0]);
const RTF = concat("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Hello}");
const DOCX = zip([
  ["[Content_Types].xml", CONTENT_TYPES],
  ["_rels/.rels", RELS],
  ["word/document.xml", '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'],
]);
const PPTX = zip([
  ["[Content_Types].xml", CONTENT_TYPES],
  ["_rels/.rels", RELS],
  ["ppt/presentation.xml", '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>'],
]);
const XLSX = zip([
  ["[Content_Types].xml", CONTENT_TYPES],
  ["xl/workbook.xml", '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'],
]);
const DOC = ole([{ name: "WordDocument", type: 2, right: 2 }, { name: "1Table", type: 2 }]);
const SVG = concat(
  "\uFEFF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- drawn by hand -->\n",
  '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
);
const CSV = concat("\uFEFFимя;email\nИван;ivan@example.com\r\n");

function randomBytes(n: number, seed = 42): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

// --- tests --------------------------------------------------------------------

describe("sniffFileType", () => {
  it.each([
    ["pdf", PDF, "application/pdf"],
    ["png", PNG, "image/png"],
    ["jpg", JPEG, "image/jpeg"],
    ["gif", GIF, "image/gif"],
    ["webp", WEBP, "image/webp"],
    ["rtf", RTF, "application/rtf"],
    ["docx", DOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["pptx", PPTX, "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
    ["xlsx", XLSX, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["doc", DOC, "application/msword"],
    ["svg", SVG, "image/svg+xml"],
  ] as const)("detects %s", (ext, bytes, mime) => {
    expect(sniffFileType(bytes)).toEqual({ ext, mime });
  });

  it("detects GIF87a too", () => {
    expect(sniffFileType(concat("GIF87a", [1, 0, 1, 0]))?.ext).toBe("gif");
  });

  it("returns null for empty input", () => {
    expect(sniffFileType(new Uint8Array(0))).toBeNull();
  });

  it("returns null for random bytes", () => {
    expect(sniffFileType(randomBytes(4096))).toBeNull();
    expect(sniffFileType(randomBytes(4096), "data.csv")).toBeNull();
  });

  it("returns null for truncated signatures", () => {
    expect(sniffFileType(concat("%PDF"))).toBeNull();
    expect(sniffFileType(concat("RIFF", le32(4), "WAVE"))).toBeNull();
    expect(sniffFileType(concat([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  describe("OOXML", () => {
    it("finds the part prefix after entries with data descriptors", () => {
      const bytes = zip(
        [
          ["[Content_Types].xml", CONTENT_TYPES],
          ["docProps/app.xml", "<Properties/>"],
          ["ppt/slides/slide1.xml", "<p:sld/>"],
        ],
        { dataDescriptor: true },
      );
      expect(sniffFileType(bytes)?.ext).toBe("pptx");
    });

    it("reads the central directory by ranges where the first entries fill the first bytes", async () => {
      const big = largeDocxBytes("marker", 300_000);
      const ranges: [number, number][] = [];
      const read = async (offset: number, length: number) => {
        ranges.push([offset, length]);
        return offset + length <= big.length ? big.slice(offset, offset + length) : null;
      };
      // The first 256 KB, as a direct upload's check reads them: a thumbnail, no word/ part.
      expect(sniffFileType(big.subarray(0, 256 * 1024))).toBeNull();
      expect(await sniffZipByRanges(read, big.length)).toEqual({ ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
      expect(ranges).toHaveLength(2);
      expect(sniffFileType(big)?.ext).toBe("docx");
      // No end record, a directory past the end, or a plain archive: no type.
      const cut = big.slice(0, big.length - 22);
      expect(await sniffZipByRanges(async (o, l) => cut.slice(o, o + l), cut.length)).toBeNull();
      const plain = zip([["readme.txt", "hello"]]);
      expect(await sniffZipByRanges(async (o, l) => plain.slice(o, o + l), plain.length)).toBeNull();
      expect(await sniffZipByRanges(async (o, l) => big.slice(o, o + l), big.length - 1)).toBeNull();
      // An empty directory asks for no range (a read of no bytes would be the whole object).
      const empty = Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
      const asked: number[] = [];
      expect(await sniffZipByRanges(async (o, l) => (asked.push(l), empty.slice(o, o + l)), empty.length)).toBeNull();
      expect(asked).toEqual([22]);
    });

    it("returns null for a plain ZIP archive", () => {
      expect(sniffFileType(zip([["readme.txt", "hello"], ["src/word/x.txt", "not office"]]))).toBeNull();
    });
  });

  describe("OLE compound files", () => {
    it("detects ppt and xls by their root streams", () => {
      expect(sniffFileType(ole([{ name: "PowerPoint Document", type: 2, right: 2 }, { name: "Current User", type: 2 }]))?.ext).toBe("ppt");
      expect(sniffFileType(ole([{ name: "Workbook", type: 2 }]))).toEqual({ ext: "xls", mime: "application/vnd.ms-excel" });
    });

    it("detects Outlook msg", () => {
      const msg = ole([
        { name: "__substg1.0_0037001F", type: 2, left: 2 },
        { name: "__properties_version1.0", type: 2 },
      ]);
      expect(sniffFileType(msg)).toEqual({ ext: "msg", mime: "application/vnd.ms-outlook" });
    });

    it("ignores streams of embedded objects (a Word document inside a deck)", () => {
      const deck = ole([
        { name: "PowerPoint Document", type: 2, right: 2 },
        { name: "ObjectPool", type: 1, child: 3 },
        { name: "WordDocument", type: 2 },
      ]);
      expect(sniffFileType(deck)?.ext).toBe("ppt");
    });

    it("falls back to a name scan when the directory is not in the buffer", () => {
      const header = new Uint8Array(512);
      header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      header.set(le16(9), 30);
      header.set(le32(40), 48); // directory sector far beyond the truncated buffer
      const truncated = concat(header, randomBytes(300, 7), utf16le("WordDocument"), randomBytes(100, 8));
      expect(sniffFileType(truncated)?.ext).toBe("doc");
    });

    it("reads a large file's directory by ranges where the first bytes do not hold it (Word writes it near the end), through the DIFAT too", async () => {
      for (const dirSector of [600, 14000]) {
        const big = largeDocBytes("marker", dirSector);
        const ranges: [number, number][] = [];
        const read = async (offset: number, length: number) => {
          ranges.push([offset, length]);
          return offset + length <= big.length ? big.slice(offset, offset + length) : null;
        };
        // The first 256 KB, as a direct upload's check reads them: no directory, no stream name.
        expect(sniffFileType(big.subarray(0, 256 * 1024))).toBeNull();
        expect(await sniffOleByRanges(read)).toEqual({ ext: "doc", mime: "application/msword" });
        expect(ranges.length).toBeLessThanOrEqual(6);
        expect(sniffFileType(big)?.ext).toBe("doc");
      }
      // A chain that leaves the file, or a walk past its reads, is no type.
      const cut = largeDocBytes("marker", 600);
      expect(await sniffOleByRanges(async (o, l) => (o + l <= 200_000 ? cut.slice(o, o + l) : null))).toBeNull();
      expect(await sniffOleByRanges(async (o, l) => cut.slice(o, o + l), 2)).toBeNull();
    });

    it("returns null for an OLE file of unknown kind", () => {
      expect(sniffFileType(ole([{ name: "VisioDocument", type: 2 }]))).toBeNull();
      expect(sniffFileType(concat([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Uint8Array(600)))).toBeNull();
    });
  });

  describe("SVG", () => {
    it("accepts a bare svg element", () => {
      expect(sniffFileType(concat('  \n<svg viewBox="0 0 1 1"></svg>'))?.ext).toBe("svg");
    });

    it("rejects text that merely contains <svg later on", () => {
      expect(sniffFileType(concat("<html><body><svg></svg></body></html>"))).toBeNull();
      expect(sniffFileType(concat("<svgfoo/>"))).toBeNull();
    });
  });

  describe("CSV (text without a signature)", () => {
    it("is detected only when the caller declares .csv", () => {
      expect(sniffFileType(CSV, "Клиенты.CSV")).toEqual({ ext: "csv", mime: "text/csv" });
      expect(sniffFileType(CSV)).toBeNull();
      expect(sniffFileType(CSV, "notes.txt")).toBeNull();
    });

    it("does not turn a PDF declared as .csv into CSV", () => {
      expect(sniffFileType(PDF, "report.csv")?.ext).toBe("pdf");
    });
  });
});

describe("looksLikeText", () => {
  it("accepts UTF-8 text with Cyrillic, tabs and CRLF", () => {
    expect(looksLikeText(CSV)).toBe(true);
    expect(looksLikeText(concat("a\tb\r\n"))).toBe(true);
  });

  it("tolerates a multi-byte character cut at the end of the buffer", () => {
    const text = concat("Привет");
    expect(looksLikeText(text.subarray(0, text.length - 1))).toBe(true);
  });

  it("rejects empty input, NUL bytes, control characters and invalid UTF-8", () => {
    expect(looksLikeText(new Uint8Array(0))).toBe(false);
    expect(looksLikeText(concat("a,b\0c"))).toBe(false);
    expect(looksLikeText(concat("a,b", [0x1b], "[31m"))).toBe(false);
    expect(looksLikeText(concat("a,b", [0xc3, 0x28]))).toBe(false);
    expect(looksLikeText(randomBytes(256))).toBe(false);
  });
});

describe("extensionOf", () => {
  it.each([
    ["Резюме.PDF", "pdf"],
    ["photo.JPEG", "jpg"],
    ["photo.jpg", "jpg"],
    ["archive.tar.gz", "gz"],
    ["C:\\Users\\me\\CV.Docx", "docx"],
    ["folder.v2/README", ""],
    ["noext", ""],
    ["trailing.", ""],
    ["", ""],
  ])("%s → %s", (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe("matchesDeclaredName", () => {
  it("flags a PDF renamed to .docx", () => {
    const sniffed = sniffFileType(PDF);
    expect(matchesDeclaredName(sniffed, "resume.docx")).toBe(false);
    expect(matchesDeclaredName(sniffed, "Резюме.pdf")).toBe(true);
  });

  it("treats .jpeg and .jpg as the same type", () => {
    expect(matchesDeclaredName(sniffFileType(JPEG), "me.JPEG")).toBe(true);
    expect(matchesDeclaredName(sniffFileType(JPEG), "me.png")).toBe(false);
  });

  it("never matches an undetected file", () => {
    expect(matchesDeclaredName(null, "file.pdf")).toBe(false);
    expect(matchesDeclaredName(sniffFileType(randomBytes(64)), "file.bin")).toBe(false);
  });
});

describe("allow-lists and limits", () => {
  it("match the spec", () => {
    expect([...ATTACHMENT_TYPES].sort()).toEqual(["doc", "docx", "jpg", "msg", "pdf", "png", "ppt", "pptx", "rtf"]);
    expect(RESUME_TYPES).toEqual(["pdf", "doc", "docx"]);
    expect(AVATAR_TYPES).toEqual(["png", "jpg", "gif", "webp"]);
  });

  it("every fixture of an allowed type passes its own list", () => {
    for (const [bytes, name] of [[PDF, "cv.pdf"], [DOCX, "cv.docx"], [DOC, "cv.doc"]] as const) {
      const sniffed = sniffFileType(bytes);
      expect(sniffed && RESUME_TYPES.includes(sniffed.ext) && matchesDeclaredName(sniffed, name)).toBe(true);
    }
  });
});
