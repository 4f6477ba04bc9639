import { createCustomer, expect, newPerson, shot, signIn, test, waitForMail } from "./fixtures";

test("forgot password: the code from the e-mail sets a new password", async ({ page, api, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422/); // the old password, tried once at the end
  const person = await createCustomer(api, newPerson(testInfo, "forgot"));
  const newPassword = "Brand_New9";

  await page.goto("/auth");
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  const modal = page.getByRole("dialog", { name: "Восстановление пароля" });
  await expect(modal).toBeVisible();
  await shot(page, testInfo, "auth-forgot-modal");
  await modal.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await modal.getByRole("button", { name: "Отправить код" }).click();

  await expect(page).toHaveURL(new RegExp(`/reset-password\\?email=${encodeURIComponent(person.email).replace(/\./g, "\\.")}$`));
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(person.email);
  const mail = await waitForMail(api, person.email, /Код доступа/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();

  // The code is six digits: anything else is named next to the field before sending.
  await page.getByRole("textbox", { name: "Код доступа" }).fill("12ab");
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  await expect(page.locator(".field", { has: page.locator('input[name="token"]') }).locator(".field__error")).toHaveText("Неверный код доступа");
  // A wrong code: the server's error in an alert (spec 1 §8); the repeat must match.
  await page.getByRole("textbox", { name: "Код доступа" }).fill(code === "000000" ? "111111" : "000000");
  await page.getByLabel("Новый пароль").fill(newPassword);
  await page.getByLabel("Повторите пароль").fill(newPassword);
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  const alert = page.getByRole("dialog", { name: "Произошла ошибка" });
  await expect(alert).toContainText("Неверный или просроченный код доступа");
  await alert.getByRole("button", { name: "Ок" }).click();
  await expect(alert).toBeHidden();
  await page.getByRole("textbox", { name: "Код доступа" }).fill(code!);
  await page.getByLabel("Повторите пароль").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  await expect(page.locator(".field", { has: page.locator('input[name="password_confirmation"]') }).locator(".field__error")).toHaveText("Пароли не совпадают");
  await page.getByLabel("Повторите пароль").fill(newPassword);
  await shot(page, testInfo, "reset-password");
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  // spec 1 §2: success shows 'Новый пароль установлен' and goes to the sign-in page.
  await expect(page).toHaveURL(/\/auth\?reset=1$/);
  await expect(page.getByRole("status")).toHaveText("Новый пароль установлен");
  await shot(page, testInfo, "reset-password-done");
  await signIn(page, person.email, person.password);
  await expect(page.locator(".field__error")).toHaveText("Неверный e-mail или пароль");
  await signIn(page, person.email, newPassword);
  // The mailed code also proves the address: the user is verified now.
  await expect(page).toHaveURL(/\/profile\/information$/);
});
