import type { SettingsPageTexts } from "./settings-page.ru";

const settingsPage: { [K in keyof SettingsPageTexts]: string } = {
  oldPassword: "Current password",
  newPassword: "New password",
  repeatPassword: "Repeat the password",
  forgotText: "We will send an access code to your e-mail. Enter it on the password recovery page.",
  supportTitle: "Support",
  supportText: "If something does not work, write to us: we will help.",
  contactSupport: "Contact support",
  faqTitle: "Questions and answers",
};
export default settingsPage;
