// Makes the placeholder PDFs kept in storage/docs/: the four legal documents of the footer and the
// corporate presentation of /mock (spec 1 §1–2), and the expert instruction linked from the profile (spec 2 §2). Run by hand when their text changes:
//   node scripts/make-docs.mjs
// DejaVu Sans (Debian's fonts-dejavu-core) carries Cyrillic; pdf-lib embeds only the glyphs used.
import fontkit from "@pdf-lib/fontkit";
import { readFileSync, writeFileSync } from "node:fs";
import { PDFDocument, rgb } from "pdf-lib";

const OUT = new URL("../storage/docs/", import.meta.url);
const FONT = process.env.PDF_FONT ?? "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const FONT_BOLD = process.env.PDF_FONT_BOLD ?? "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

export const DOCS = [
  {
    file: "customer-offer.pdf",
    title: "Договор-оферта для заказчиков",
    body: [
      "Настоящий документ — публичная оферта сервиса «Экспертная биржа» для компаний, размещающих заявки на экспертную помощь.",
      "Оферта описывает порядок размещения заявок, модерации, выбора экспертов, расчёта сервисного сбора и гарантийного депозита.",
      "Договор на работы заключается вне сервиса; оператор отмечает его подписание, после чего заказчику открываются контакты экспертов.",
      "Полная редакция документа публикуется оператором сервиса. Это демонстрационная версия для разработки.",
    ],
  },
  {
    file: "expert-offer.pdf",
    title: "Договор-оферта для экспертов",
    body: [
      "Настоящий документ — публичная оферта сервиса «Экспертная биржа» для экспертов и компаний, оказывающих экспертные услуги.",
      "Оферта описывает публикацию услуг, получение приглашений к заявкам, отклики, участие в проектах и оценки.",
      "Оплата работы гарантируется эксперту условиями договора, заключённого с заказчиком вне сервиса.",
      "Полная редакция документа публикуется оператором сервиса. Это демонстрационная версия для разработки.",
    ],
  },
  {
    file: "privacy-policy.pdf",
    title: "Политика конфиденциальности и обработки персональных данных",
    body: [
      "Сервис обрабатывает персональные данные пользователей в соответствии с Федеральным законом № 152-ФЗ «О персональных данных».",
      "Мы храним имя, фамилию, адрес электронной почты, телефон, сведения профиля и загруженные файлы; файлы доступны только по временным ссылкам.",
      "Контакты эксперта раскрываются заказчику только после подписания договора.",
      "Полная редакция документа публикуется оператором сервиса. Это демонстрационная версия для разработки.",
    ],
  },
  {
    file: "user-agreement.pdf",
    title: "Пользовательское соглашение",
    body: [
      "Регистрируясь в сервисе «Экспертная биржа», пользователь принимает условия настоящего соглашения.",
      "Соглашение определяет права и обязанности пользователей и оператора, правила модерации и порядок обращения в поддержку.",
      "Полная редакция документа публикуется оператором сервиса. Это демонстрационная версия для разработки.",
    ],
  },
  {
    file: "presentation.pdf",
    title: "Экспертная биржа для компаний",
    body: [
      "Более 1000 экспертов, 70 направлений бизнеса и 800 областей компетенций.",
      "Гибкая загрузка от 1 до 40 часов в неделю; 98 % заявок с внутренним поиском закрываются за неделю.",
      "Один договор на всю компанию, гарантированная оплата эксперту.",
      "Корпоративное обслуживание: персональный менеджер, подбор команды экспертов и единый договор.",
    ],
  },
  {
    file: "expert-instruction.pdf",
    title: "Инструкция для эксперта",
    body: [
      "Профиль эксперта — то, по чему заказчики выбирают исполнителя. Заполните его полностью: контакты, проектную экспертизу, кейсы, опыт работы и компетенции.",
      "Проектная экспертиза: выберите индустрии и для каждой — функции, в которых у вас есть опыт. Новую функцию можно добавить: она появится в профиле после модерации.",
      "Контакты видны заказчику только после подписания договора по его заявке.",
      "Экспертный совет: подайте заявку по индустрии и функции; решение примет оператор сервиса.",
      "Это демонстрационная версия инструкции для разработки.",
    ],
  },
];

function wrap(text, font, size, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

for (const doc of DOCS) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(doc.title);
  pdf.setAuthor("Экспертная биржа");
  pdf.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  pdf.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const font = await pdf.embedFont(readFileSync(FONT), { subset: true });
  const bold = await pdf.embedFont(readFileSync(FONT_BOLD), { subset: true });
  const page = pdf.addPage([595, 842]);
  let y = 770;
  for (const l of wrap(doc.title, bold, 20, 495)) {
    page.drawText(l, { x: 50, y, size: 20, font: bold, color: rgb(0.12, 0.16, 0.36) });
    y -= 28;
  }
  y -= 12;
  for (const para of doc.body) {
    for (const l of wrap(para, font, 12, 495)) {
      page.drawText(l, { x: 50, y, size: 12, font });
      y -= 18;
    }
    y -= 10;
  }
  writeFileSync(new URL(doc.file, OUT), await pdf.save({ useObjectStreams: true }));
  console.log(`storage/docs/${doc.file}`);
}
