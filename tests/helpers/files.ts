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

/** An OLE compound file naming a WordDocument stream: a legacy .doc. */
export function docBytes(marker: string): Uint8Array {
  const word = [..."WordDocument"].flatMap((c) => le16(c.charCodeAt(0)));
  return concat([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(24).fill(0), word, ` ${marker}`);
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
