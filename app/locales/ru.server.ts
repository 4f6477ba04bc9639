/**
 * What only the server says, in Russian: the e-mails and the messages of the domain's errors (spec
 * texts word for word). The pages never look these up (they show the server's translated message), so
 * they stay out of the pages' locale file that every page downloads; the server merges both
 * (app/server/i18n.server.ts, docs/decisions/0011-shell-and-promo.md). A key lives in one file only.
 */
const ruServer = {
  auth: {
    invalid_credentials: "Неверный e-mail или пароль",
    user_exists: "Пользователь с таким e-mail уже зарегистрирован",
    reset_sent: "Мы отправили код доступа на вашу почту",
    reset_code_invalid: "Неверный или просроченный код доступа",
    reset_too_many: "Слишком много попыток. Запросите новый код",
    password_set: "Новый пароль установлен",
    password_changed: "Пароль успешно изменен!",
    old_password_wrong: "Неверный текущий пароль",
    email_verified: "E-mail подтверждён",
    verify_invalid: "Ссылка недействительна или устарела",
    social_failed: "Не удалось войти через социальную сеть. Попробуйте ещё раз",
    impersonation_forbidden: "В режиме просмотра это действие недоступно",
  },
  impersonate: {
    self: "Нельзя войти от своего имени",
    invalid: "Ссылка недействительна или устарела",
    not_active: "Просмотр от имени пользователя не активен",
  },
  // Invitations (spec 2 §2, spec README "Document 2 details").
  invite: {
    account_exists: "Почта привязана к существующему аккаунту — {{name}}",
    not_verified: "Приглашать можно после подтверждения e-mail",
    sent: "Приглашение отправлено",
  },
  support: {
    callbackSent: "Заявка на обратный звонок принята. Мы перезвоним вам в ближайшее время",
  },
  validation: {
    password_max: "Пароль слишком длинный",
    password_mismatch: "Пароли не совпадают",
    industries_required: "Индустрии обязательны для заполнения",
    industries_limit: "Превышен лимит индустрий",
    industries_unknown: "Выбрана несуществующая индустрия",
    options_required: "Функции обязательны для заполнения",
    options_limit: "Превышен лимит функций",
    options_unknown: "Выбрана несуществующая функция",
    option_name: "Название функции — от 2 до 100 символов",
    option_parent: "Выберите основную функцию",
    search_max: "Слишком длинный запрос",
    verify_invalid: "Ссылка недействительна или устарела",
    invite_company: "Выберите компанию",
    invite_company_max: "Максимальная длина - 100 символов",
    invite_company_unknown: "Такой компании нет. Выберите компанию из списка",
  },
  errors: {
    validation: "Проверьте правильность заполнения полей",
    not_found: "Не найдено",
    bad_body: "Не удалось прочитать данные запроса",
    bad_origin: "Запрос отклонён: неизвестный источник",
    payload_too_large: "Слишком большой запрос",
    rate_limited_one: "Слишком много попыток. Повторите через {{count}} минуту",
    rate_limited_few: "Слишком много попыток. Повторите через {{count}} минуты",
    rate_limited_many: "Слишком много попыток. Повторите через {{count}} минут",
    rate_limited_other: "Слишком много попыток. Повторите через {{count}} минуты",
  },
  mail: {
    greeting: "Здравствуйте, {{name}}!",
    footer: "Это письмо отправлено автоматически, отвечать на него не нужно.",
    verify: {
      subject: "Подтвердите e-mail",
      body: "Чтобы пользоваться всеми возможностями сервиса, подтвердите адрес электронной почты.",
      expires: "Ссылка действует 24 часа.",
      action: "Подтвердить e-mail",
    },
    reset: {
      subject: "Код доступа для смены пароля",
      body: "Вы запросили восстановление пароля. Введите этот код на странице восстановления:",
      expires: "Код действует 10 минут. Если вы не запрашивали смену пароля, просто проигнорируйте письмо.",
    },
    passwordChanged: { subject: "Пароль изменён", body: "Пароль вашего аккаунта изменён. Если это были не вы, срочно обратитесь в поддержку." },
    contact: { subject: "Заявка на обратный звонок", body: "{{name}} просит перезвонить по номеру {{phone}}.", action: "Открыть консоль оператора" },
    invite: {
      subject: "Приглашение на Экспертную биржу",
      body: "{{inviter}} приглашает вас присоединиться к Экспертной бирже в качестве эксперта.",
      bodyCompany: "{{inviter}} приглашает вас присоединиться к Экспертной бирже в качестве эксперта компании «{{company}}».",
      hint: "Ссылка ведёт на страницу регистрации, где уже заполнены ваши данные.",
      action: "Зарегистрироваться",
    },
    welcome: { subject: "Добро пожаловать", body: "Вы зарегистрированы.", action: "Открыть профиль" },
  },
};
export default ruServer;
export type ServerResources = typeof ruServer;
