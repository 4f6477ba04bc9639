/** The settings page (spec 2 §2 'Settings page', §5, §8), Russian. */
const settingsPage = {
  oldPassword: "Текущий пароль",
  newPassword: "Новый пароль",
  repeatPassword: "Повторите пароль",
  forgotText: "Мы отправим код доступа на ваш e-mail. Введите его на странице восстановления пароля.",
  supportTitle: "Служба поддержки",
  supportText: "Если что-то не получается, напишите нам: поможем.",
  contactSupport: "Написать в поддержку",
  faqTitle: "Вопросы и ответы",
  // 'Вход через соцсети' (decision 0057).
  socialTitle: "Вход через соцсети",
  socialText: "Подключите аккаунт, чтобы входить без пароля.",
  socialLinked: "Подключён",
  socialNotLinked: "Не подключён",
  socialLink: "Подключить",
  socialUnlink: "Отключить",
  socialLinkOf: "Подключить {{name}}",
  socialUnlinkOf: "Отключить {{name}}",
};
export default settingsPage;
export type SettingsPageTexts = typeof settingsPage;
