import profilePage from "./pages/profilePage.ru";
import profileExperience from "./pages/profile-experience.ru";
import profileCases from "./pages/profile-cases.ru";
import recommendationsRu from "./pages/recommendations.ru";

/**
 * The texts of single pages, in Russian, kept out of the locale file every page downloads: the page's
 * loader sends the namespaces it uses, in the visitor's language, with the page
 * (app/web/page-texts.server.ts, <PageTexts> in app/lib/i18n.tsx, docs/decisions/0012-page-texts.md).
 * The server merges them with the rest. A key lives in one file only.
 */
import adminInvitesPage from "./pages/admin-invites-page.ru";
import invitePage from "./pages/invite-page.ru";
import settingsPage from "./pages/settings-page.ru";
import signUpPage from "./pages/sign-up-page.ru";
import servicesPage from "./pages/services-page.ru";
import communities from "./pages/communities-page.ru";
import demands from "./pages/demands-page.ru";
import completeProject from "./pages/complete-project.ru";
import consolePage from "./pages/console-page.ru";
import respondPage from "./pages/respond-page.ru";
import responsesPage from "./pages/responses-page.ru";
import requestManage from "./pages/request-manage.ru";
import consoleUsers from "./pages/console-users-page.ru";
import consoleContent from "./pages/console-content-page.ru";

const ruPages = {
  profilePage,
  profileExperience,
  profileCases,
  landing: {
    title: "Эксперты для бизнеса\u00a0— под задачу и без лишних затрат",
    lead: "Более 1000 экспертов, 70 направлений бизнеса и 800 областей компетенций. Гибкая загрузка от 1 до 40 часов в неделю.",
    findExpert: "Подобрать эксперта",
    becomeExpert: "Стать экспертом",
    leaveRequest: "Оставить заявку",
    startWork: "Начать работу",
    industriesTitle: "Индустрии",
    industriesCount_one: "{{count}} индустрия",
    industriesCount_few: "{{count}} индустрии",
    industriesCount_many: "{{count}} индустрий",
    industriesCount_other: "{{count}} индустрии",
    modeLabel: "Для кого эта страница",
    modeCustomer: "Заказчик",
    modeExpert: "Эксперт",
    howItWorks: "Как это работает",
    showMore: "Показать еще",
    hide: "Скрыть",
    socialFailedTitle: "Вход через социальную сеть не завершён",
    socialSignIn: "Войти",
    customer: {
      eyebrow: "Экспертная биржа для бизнеса",
      pointsTitle: "Почему компании выбирают нас",
      points: {
        expertsTitle: "Более 1000 экспертов",
        expertsText: "Практики с подтверждёнными компетенциями, рейтингом и рекомендациями коллег.",
        loadTitle: "От 1 до 40 часов в неделю",
        loadText: "Эксперт подключается ровно на тот объём, который нужен задаче,\u00a0— без найма в штат.",
        speedTitle: "98% заявок\u00a0— за неделю",
        speedText: "98% заявок с внутренним поиском закрываются в течение недели.",
        contractTitle: "Один договор на всю компанию",
        contractText: "Не нужно оформлять каждого эксперта отдельно: один договор покрывает все проекты.",
      },
      stepsTitle: "Как это работает",
      stepsLead: "Три шага от задачи до результата",
      steps: {
        oneTitle: "Оставьте заявку",
        oneText: "Опишите задачу, ожидаемый результат, бюджет и сроки\u00a0— это займёт несколько минут.",
        twoTitle: "Получите отклики",
        twoText: "Эксперты с опытом в вашей отрасли и функции предложат подход, сроки и цену.",
        threeTitle: "Выберите эксперта",
        threeText: "Сравните отклики, рейтинги и рекомендации\u00a0— и начинайте работу по одному договору.",
      },
      tagsLead: "С такими задачами к нам приходят чаще всего",
      industriesLead: "Эксперты с опытом именно в вашей отрасли\u00a0— от банков и ритейла до нефтегаза и агробизнеса.",
      tasksTitle: "Задачи, которые уже решили наши эксперты",
      tasksLead: "Реальные проекты: что мешало бизнесу, что сделал эксперт и к чему это привело.",
      task: "Задача",
      solution: "Решение",
      result: "Результат",
      period: "Срок",
      payment: "Стоимость",
      expertsTitle: "Эксперты, которые работают с нами",
      expertsLead: "Практики из крупных компаний, которые берут проекты под конкретные задачи бизнеса.",
      competencesLead: "От финансов и стратегии до ESG и аналитики данных\u00a0— найдём эксперта с нужной компетенцией.",
      prefooterTitle: "Найдём эксперта под вашу задачу",
      prefooterText: "Оставьте заявку и получите отклики экспертов с опытом в вашей отрасли. Один договор на всю компанию и гибкая загрузка от 1 до 40 часов в неделю.",
      cardLabel: "Новая заявка",
      cardTitle: "Финансовая модель для привлечения инвестора",
      cardMeta: "Бюджет от 300\u00a0000\u00a0₽ · 4 недели",
      cardResponses: "Отклики экспертов",
      cardBadge: "98% заявок закрываются за неделю",
    },
    expert: {
      eyebrow: "Для экспертов и консультантов",
      title: "Проекты для экспертов\u00a0— в вашей отрасли и в удобном ритме",
      lead: "Компании из 100+ индустрий ищут экспертов под конкретные задачи. Берите проекты на 1–40 часов в неделю\u00a0— оплата гарантирована.",
      pointsTitle: "Почему эксперты работают с нами",
      points: {
        industriesTitle: "Проекты из 100+ индустрий",
        industriesText: "Банки, ритейл, промышленность, ИТ и ещё десятки отраслей, где нужен ваш опыт.",
        loadTitle: "От 1 до 40 часов в неделю",
        loadText: "Выбирайте проекты под свой график\u00a0— параллельно с основной работой или вместо неё.",
        paymentTitle: "Гарантированная оплата",
        paymentText: "Оплата эксперту гарантирована договором: вы занимаетесь задачей, а не напоминаниями о счетах.",
        invitesTitle: "Заказчики находят вас сами",
        invitesText: "Подходящие заявки приходят приглашениями\u00a0— по отраслям и функциям из вашего профиля.",
      },
      stepsTitle: "Как это работает",
      stepsLead: "Три шага до первого проекта",
      steps: {
        oneTitle: "Заполните профиль",
        oneText: "Укажите отрасли, функции и компетенции\u00a0— по ним мы подбираем для вас проекты.",
        twoTitle: "Получайте приглашения",
        twoText: "Заявки компаний, которые совпадают с вашим профилем, приходят приглашениями.",
        threeTitle: "Работайте и получайте оплату",
        threeText: "Откликайтесь, договаривайтесь о результате и получайте гарантированную оплату.",
      },
      tagsLead: "Такие задачи компании доверяют экспертам",
      industriesLead: "Ваш отраслевой опыт нужен компаниям\u00a0— от банков и ритейла до нефтегаза и агробизнеса.",
      tasksTitle: "Задачи, которые ждут экспертов",
      tasksLead: "Примеры заявок: с чем приходят компании и какой результат они ждут.",
      task: "Задача",
      solution: "Что нужно сделать",
      result: "Цель",
      period: "Срок",
      payment: "Оплата",
      expertsTitle: "Эксперты уже работают на платформе",
      expertsLead: "Истории экспертов, которые берут проекты в своей отрасли\u00a0— в удобном для себя ритме.",
      competencesLead: "По компетенциям из вашего профиля компании находят экспертов\u00a0— и приглашают в проекты.",
      prefooterTitle: "Станьте экспертом платформы",
      prefooterText: "Зарегистрируйтесь, заполните профиль и получайте приглашения в проекты по своей специализации. Оплата гарантирована договором.",
      cardLabel: "Приглашение в проект",
      cardTitle: "Стратегия выхода на маркетплейсы",
      cardMeta: "10 часов в неделю · 2 месяца",
      cardResponses: "Уже откликнулись",
      cardBadge: "Оплата гарантирована договором",
    },
    tagsTitle: "300+ услуг и 2000+ задач",
    tags: {
      t1: "Финансовая модель",
      t2: "Оценка бизнеса",
      t3: "Due diligence",
      t4: "Стратегическая сессия",
      t5: "Выход на маркетплейсы",
      t6: "Аудит закупок",
      t7: "Внедрение ERP",
      t8: "Система грейдов",
      t9: "Сквозная аналитика",
      t10: "Снижение издержек",
      t11: "ESG-отчётность",
      t12: "Поиск поставщиков",
      t13: "Антикризисное управление",
      t14: "Бизнес-план для банка",
      t15: "Ценообразование",
      t16: "Подбор руководителя",
    },
    industriesHeading: "100+ индустрий",
    industriesOrbit: "Индустрии, в которых работают наши эксперты",
    competencesTitle: "800 областей компетенций",
    carousel: {
      role: "карусель",
      label: "Эксперты",
      slide: "{{index}} из {{total}}",
      previous: "Предыдущий эксперт",
      next: "Следующий эксперт",
      pause: "Остановить автопрокрутку",
      play: "Включить автопрокрутку",
    },
  },
  faq: {
    title: "Вопросы и ответы",
    lead: "Собрали ответы на частые вопросы заказчиков и экспертов. Не нашли свой\u00a0— напишите нам.",
    setLabel: "Вопросы для",
    customer: "Заказчик",
    expert: "Эксперт",
    search: "Поиск по вопросам",
    searchPlaceholder: "Например, комиссия",
    searchSubmit: "Найти",
    clear: "Очистить",
    found_one: "Найден {{count}} вопрос",
    found_few: "Найдено {{count}} вопроса",
    found_many: "Найдено {{count}} вопросов",
    found_other: "Найдено {{count}} вопроса",
    notFound: "Ничего не найдено. Обратитесь в службу технической поддержки",
    contactSupport: "Написать в поддержку",
    stillQuestions: "Остались вопросы?",
    stillText: "Служба технической поддержки ответит в рабочее время.",
  },
  recommendations: recommendationsRu,
  adminInvitesPage,
  invitePage,
  settingsPage,
  signUpPage,
  servicesPage,
  communities,
  demands,
  completeProject,
  // The 1–5 scale (spec 3 §9), shared by the project's rating and the services' scale dialog.
  ratingScale: {
    title: "Шкала оценок",
    intro: "Услуги, компетенции и специализации оценивают от 1 до 5:",
    s1: "1 — начальный уровень",
    s2: "2 — базовый уровень",
    s3: "3 — уверенный уровень",
    s4: "4 — продвинутый уровень",
    s5: "5 — лучшие практики",
  },
  console: consolePage,
  respondPage,
  responsesPage,
  requestManage,
  consoleUsers,
  consoleContent,
  // The e-mail confirmation pages (/verify, /email/verify), the password reset and /mock: their titles stay
  // in the common texts (the document title), the rest comes with the page.
  accountPages: {
    verify_text: "Раздел недоступен, пока e-mail не подтверждён. Мы отправили письмо со ссылкой на {{email}}.",
    verify_textGuest: "Раздел недоступен, пока e-mail не подтверждён.",
    verify_resent: "Письмо отправлено",
    verify_back: "Вернуться на главную",
    verify_confirmText: "Нажмите кнопку, чтобы подтвердить адрес.",
    verify_confirm: "Подтвердить e-mail",
    verify_confirmed: "E-mail подтверждён. Спасибо!",
    verify_toProfile: "Перейти в профиль",
    reset_text: "Мы отправили код доступа на {{email}}. Код действует 10 минут.",
    reset_code: "Код доступа",
    reset_password: "Новый пароль",
    reset_repeat: "Повторите пароль",
    reset_submit: "Сохранить пароль",
    mock_lead: "Эксперты для всей компании по одному договору.",
    mock_text: "Раздел в разработке. Условия работы и порядок подключения — в презентации.",
    mock_download: "Скачать презентацию (PDF)",
  },
};

export default ruPages;
export type PageResources = typeof ruPages;
export type PageNamespace = keyof PageResources;
