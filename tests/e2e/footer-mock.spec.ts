import { BASE_URL, expect, expectNoHorizontalScroll, shot, test } from "./fixtures";

const LEGAL = [
  ["Договор-оферта для заказчиков", "customer-offer.pdf"],
  ["Договор-оферта для экспертов", "expert-offer.pdf"],
  ["Политика конфиденциальности и обработки персональных данных", "privacy-policy.pdf"],
  ["Пользовательское соглашение", "user-agreement.pdf"],
] as const;

test("the footer: social links from the content and the four legal documents in a new tab", async ({ page, request }, testInfo) => {
  await page.goto("/mock");
  const footer = page.getByRole("contentinfo");
  const social = footer.getByRole("list", { name: "Мы в соцсетях" });
  for (const [name, href] of [
    ["Telegram", "https://t.me/expert_market"],
    ["ВКонтакте", "https://vk.com/expert_market"],
    ["Дзен", "https://dzen.ru/expert_market"],
  ]) {
    const link = social.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
  }
  const docs = footer.getByRole("navigation", { name: "Документы" });
  for (const [name, file] of LEGAL) {
    const link = docs.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", `/docs/${file}`);
    await expect(link).toHaveAttribute("target", "_blank");
    // The document answers with a short-lived signed URL of the object storage.
    const res = await request.get(`/docs/${file}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    const location = new URL(res.headers()["location"]!);
    expect(location.pathname).toMatch(new RegExp(`/docs/${file.replace(".", "\\.")}$`));
    expect(location.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(location.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
    const pdf = await request.get(location.href);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }
  await footer.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "footer");
  // A press opens a new tab (the document itself is checked above).
  const [popup] = await Promise.all([page.waitForEvent("popup"), docs.getByRole("link", { name: /^Пользовательское соглашение/ }).click()]);
  await popup.close();
});

test("/mock: the corporate placeholder offers the presentation and a way home", async ({ page, request }, testInfo) => {
  await page.goto("/mock");
  await expect(page.getByRole("heading", { level: 1, name: "Для компаний" })).toBeVisible();
  await expect(page).toHaveTitle("Для компаний — Экспертная биржа");
  await expect(page.getByText(/^Раздел в разработке/)).toBeVisible();
  const download = page.getByRole("link", { name: "Скачать презентацию (PDF)" });
  await expect(download).toHaveAttribute("href", "/docs/presentation.pdf");
  const res = await request.get("/docs/presentation.pdf", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toContain("X-Amz-Signature=");
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "mock");
  await page.getByRole("main").getByRole("link", { name: "Вернуться на главную" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
});
