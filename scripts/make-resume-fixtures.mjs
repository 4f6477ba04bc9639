// Writes the small resume fixtures of the cases/resume tests (tests/fixtures/resume-ru.pdf and
// resume-ru.docx): real files, read by the same code as an upload. Run: node scripts/make-resume-fixtures.mjs
import { readFileSync, writeFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { strToU8, zipSync } from "fflate";
import { PDFDocument } from "pdf-lib";

export const RESUME_LINES = [
  "Волков Игорь Сергеевич",
  "Финансовый директор",
  "Опыт работы",
  "2018 – н.в. ООО «Северсталь Консалтинг»",
  "Финансовый директор: бюджетирование, управленческий учёт, МСФО,",
  "финансовое моделирование.",
  "Январь 2012 — Март 2018",
  "ПАО «Ритейл Групп»",
  "Руководитель отдела: ритейл и FMCG, оценка бизнеса, DCF-анализ.",
  "Отрасли: банки и финансы, страхование.",
];

const out = (name) => new URL(`../tests/fixtures/${name}`, import.meta.url);

async function pdf() {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setCreationDate(new Date("2024-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2024-01-01T00:00:00Z"));
  const font = await doc.embedFont(readFileSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), { subset: true });
  const page = doc.addPage([595, 842]);
  RESUME_LINES.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 22, size: 11, font }));
  writeFileSync(out("resume-ru.pdf"), await doc.save({ useObjectStreams: false }));
}

function docx() {
  const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const body = RESUME_LINES.map((l) => `<w:p><w:r><w:t xml:space="preserve">${esc(l)}</w:t></w:r></w:p>`).join("");
  const files = {
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  };
  // word/ first: the content sniffer recognises a .docx by its first entries.
  const ordered = { "word/document.xml": files["word/document.xml"], "[Content_Types].xml": files["[Content_Types].xml"], "_rels/.rels": files["_rels/.rels"] };
  writeFileSync(out("resume-ru.docx"), zipSync(ordered, { level: 6, mtime: new Date("2024-01-01T00:00:00Z") }));
}

await pdf();
docx();
console.log("tests/fixtures/resume-ru.pdf and resume-ru.docx written");
