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
  socialTitle: "Sign-in with social accounts",
  socialText: "Connect an account to sign in without a password.",
  socialLinked: "Connected",
  socialNotLinked: "Not connected",
  socialLink: "Connect",
  socialUnlink: "Disconnect",
  socialLinkOf: "Connect {{name}}",
  socialUnlinkOf: "Disconnect {{name}}",
};
export default settingsPage;
