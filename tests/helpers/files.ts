// Small files that pass (or fail) the content sniffing of storage/sniff.ts. Each carries `marker`, so a
// test can recognise its own objects in the shared bucket.
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
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

export function pdfBytes(marker: string): Uint8Array {
  return enc.encode(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A ZIP with one stored entry word/document.xml: what the sniffer takes for a .docx. */
export function docxBytes(marker: string): Uint8Array {
  const name = enc.encode("word/document.xml");
  const data = enc.encode(`<w:document><w:body><w:p><w:t>${marker}</w:t></w:p></w:body></w:document>`);
  return concat([0x50, 0x4b, 0x03, 0x04, ...le16(20), ...le16(0), ...le16(0), ...le16(0), ...le16(0x21)], [...le32(0), ...le32(data.length), ...le32(data.length)], [...le16(name.length), ...le16(0)], name, data);
}

/**
 * A .docx whose first entries (the content types, then a `leadBytes` thumbnail, as some editors write it) come
 * before word/document.xml, with the central directory and its end record after the entries, as in any ZIP.
 */
export function largeDocxBytes(marker: string, leadBytes = 300_000): Uint8Array {
  const thumbnail = new Uint8Array(leadBytes);
  for (let i = 0; i < leadBytes; i++) thumbnail[i] = (i * 7919 + 13) & 0xff;
  const parts: [string, Uint8Array][] = [
    ["[Content_Types].xml", enc.encode(`<Types><!-- ${marker} --></Types>`)],
    ["docProps/thumbnail.jpeg", thumbnail],
    ["word/document.xml", enc.encode(`<w:document><w:body><w:p><w:t>${marker}</w:t></w:p></w:body></w:document>`)],
  ];
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [path, data] of parts) {
    const name = enc.encode(path);
    const sizes = [...le32(0), ...le32(data.length), ...le32(data.length)];
    const head = concat([0x50, 0x4b, 0x03, 0x04, ...le16(20), ...le16(0), ...le16(0), ...le16(0), ...le16(0x21)], sizes, [...le16(name.length), ...le16(0)], name, data);
    central.push(concat([0x50, 0x4b, 0x01, 0x02, ...le16(20), ...le16(20), ...le16(0), ...le16(0), ...le16(0), ...le16(0x21)], sizes, [...le16(name.length), ...le16(0), ...le16(0), ...le16(0), ...le16(0), ...le32(0), ...le32(offset)], name));
    local.push(head);
    offset += head.length;
  }
  const dir = concat(...central);
  const end = concat([0x50, 0x4b, 0x05, 0x06, ...le16(0), ...le16(0), ...le16(parts.length), ...le16(parts.length), ...le32(dir.length), ...le32(offset), ...le16(0)]);
  return concat(...local, dir, end);
}

/** An OLE compound file naming a WordDocument stream: a legacy .doc. */
export function docBytes(marker: string): Uint8Array {
  const word = [..."WordDocument"].flatMap((c) => le16(c.charCodeAt(0)));
  return concat([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(24).fill(0), word, ` ${marker}`);
}

/**
 * A real-shaped Word file of 512-byte sectors (header, FAT, filler, directory) whose directory is at
 * `dirSector`, far into the file, as Word often writes it: past 109 FAT sectors the rest are listed in a
 * DIFAT sector. The stream names are only in the directory; `marker` is in the filler.
 */
export function largeDocBytes(marker: string, dirSector = 600): Uint8Array {
  const NONE = 0xffffffff;
  const fatCount = Math.floor(dirSector / 128) + 1;
  const difat = fatCount > 109 ? fatCount : -1;
  const out = new Uint8Array((dirSector + 2) * 512);
  const put = (bytes: number[], at: number) => out.set(bytes, at);
  put([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  put([...le16(0x3e), ...le16(3), 0xfe, 0xff, ...le16(9), ...le16(6)], 24);
  put(le32(fatCount), 44);
  put(le32(dirSector), 48);
  put(le32(4096), 56);
  put([...le32(0xfffffffe), ...le32(0), ...le32(difat >= 0 ? difat : 0xfffffffe), ...le32(difat >= 0 ? 1 : 0)], 60);
  for (let i = 0; i < 109; i++) put(le32(i < fatCount ? i : NONE), 76 + i * 4);
  // The FAT (sectors 0..fatCount-1, starting at byte 512): itself, the DIFAT sector, the directory's end.
  out.fill(0xff, 512, 512 + fatCount * 512);
  const mark = (sector: number, value: number) => put(le32(value), 512 + sector * 4);
  for (let i = 0; i < fatCount; i++) mark(i, 0xfffffffd);
  if (difat >= 0) {
    mark(difat, 0xfffffffc);
    const at = (difat + 1) * 512;
    out.fill(0xff, at, at + 512);
    for (let i = 109; i < fatCount; i++) put(le32(i), at + (i - 109) * 4);
    put(le32(0xfffffffe), at + 127 * 4);
  }
  mark(dirSector, 0xfffffffe);
  out.set(enc.encode(` ${marker} `), (fatCount + 2) * 512);
  // The directory: the root storage, WordDocument and 1Table under it.
  const dir = (dirSector + 1) * 512;
  const entry = (i: number, name: string, type: number, left: number, right: number, child: number) => {
    const o = dir + i * 128;
    const n = [...name].flatMap((c) => le16(c.charCodeAt(0)));
    put(n, o);
    put(le16(n.length + 2), o + 64);
    out[o + 66] = type;
    put([...le32(left), ...le32(right), ...le32(child)], o + 68);
  };
  entry(0, "Root Entry", 5, NONE, NONE, 1);
  entry(1, "WordDocument", 2, NONE, 2, NONE);
  entry(2, "1Table", 2, NONE, NONE, NONE);
  entry(3, "", 0, NONE, NONE, NONE);
  return out;
}

export function textBytes(marker: string): Uint8Array {
  return enc.encode(`Просто текст, не резюме. ${marker}\n`);
}

export function pngBytes(marker: string): Uint8Array {
  return concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], new Array(16).fill(0), marker);
}

export function file(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}

export const newMarker = () => `marker-${crypto.randomUUID()}`;
