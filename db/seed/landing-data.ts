/**
 * Landing page content: expert cards, task (case) cards and competence cards.
 * Seeded into the database so an operator can edit it later.
 *
 * Typography: Russian text uses «ёлочки» and em dashes (—); amounts keep their
 * digit groups and the ₽ sign together with non-breaking spaces (\u00a0).
 * English text uses British spelling, like the rest of the seed data.
 */

export type LandingExpertCard = {
  id: number;
  audience: "customer" | "executor";
  expertName: string;
  expertNameEn: string;
  expertPosition: string;
  expertPositionEn: string;
  description: string;
  descriptionEn: string;
  photo: string;
  chips: { ru: string; en: string }[];
  position: number;
};

export type LandingTaskCard = {
  id: number;
  audience: "customer" | "executor";
  task: string;
  taskEn: string;
  solution: string;
  solutionEn: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  period: string;
  periodEn: string;
  payment: string;
  paymentEn: string;
  photo: string;
  chips: { ru: string; en: string }[];
  position: number;
};

export type LandingCompetenceCard = {
  id: number;
  icon_name: string;
  name: string;
  nameEn: string;
  chips: { ru: string; en: string }[];
  position: number;
};

/** Experts shown on the landing page: ids 1–6 for companies, ids 7–8 for experts. */
export const landingExpertCards: LandingExpertCard[] = [
  {
    id: 1,
    audience: "customer",
    expertName: "Марина Орлова",
    expertNameEn: "Marina Orlova",
    expertPosition: "Финансовый директор, 15 лет в ритейле",
    expertPositionEn: "CFO, 15 years in retail",
    description:
      "Выстроила систему бюджетирования для сети из 80 магазинов и за полгода сократила оборотный капитал на 22%.",
    descriptionEn:
      "Built a budgeting system for an 80-store chain and cut its working capital by 22% in six months.",
    photo: "/landing/experts/marina-orlova.svg",
    chips: [
      { ru: "Бюджетирование", en: "Budgeting" },
      { ru: "Оборотный капитал", en: "Working capital" },
      { ru: "МСФО", en: "IFRS" },
    ],
    position: 1,
  },
  {
    id: 2,
    audience: "customer",
    expertName: "Алексей Воронцов",
    expertNameEn: "Alexey Vorontsov",
    expertPosition: "Партнёр по M&A, 12 лет в инвестиционном консалтинге",
    expertPositionEn: "M&A partner, 12 years in investment advisory",
    description:
      "Провёл более 20 сделок на общую сумму свыше 30\u00a0млрд\u00a0₽. Помог промышленному холдингу купить конкурента на 15% дешевле первоначальной цены продавца.",
    descriptionEn:
      "Has closed more than 20 deals worth over 30\u00a0billion\u00a0₽ in total. Helped an industrial holding buy a competitor 15% below the seller's initial asking price.",
    photo: "/landing/experts/alexey-vorontsov.svg",
    chips: [
      { ru: "M&A", en: "M&A" },
      { ru: "Due diligence", en: "Due diligence" },
      { ru: "Оценка бизнеса", en: "Business valuation" },
      { ru: "Структурирование сделок", en: "Deal structuring" },
    ],
    position: 2,
  },
  {
    id: 3,
    audience: "customer",
    expertName: "Ирина Ковалёва",
    expertNameEn: "Irina Kovaleva",
    expertPosition: "Директор по маркетингу, 10 лет в FMCG",
    expertPositionEn: "Marketing director, 10 years in FMCG",
    description:
      "Перезапустила региональный бренд молочной продукции и за год увеличила его долю полки в сетях с 9 до 14%.",
    descriptionEn:
      "Relaunched a regional dairy brand and grew its shelf share in retail chains from 9% to 14% within a year.",
    photo: "/landing/experts/irina-kovaleva.svg",
    chips: [
      { ru: "Бренд-менеджмент", en: "Brand management" },
      { ru: "Trade-маркетинг", en: "Trade marketing" },
      { ru: "Исследования потребителей", en: "Consumer research" },
    ],
    position: 3,
  },
  {
    id: 4,
    audience: "customer",
    expertName: "Дмитрий Соколов",
    expertNameEn: "Dmitry Sokolov",
    expertPosition: "Директор по логистике, 18 лет в дистрибуции",
    expertPositionEn: "Logistics director, 18 years in distribution",
    description:
      "Перестроил складскую сеть федерального дистрибьютора — три склада вместо семи. Затраты на логистику снизились на 17%, а сроки доставки в регионы сократились на два дня.",
    descriptionEn:
      "Restructured a national distributor's warehouse network from seven warehouses to three. Logistics costs fell by 17% and delivery to the regions became two days faster.",
    photo: "/landing/experts/dmitry-sokolov.svg",
    chips: [
      { ru: "Складская логистика", en: "Warehouse logistics" },
      { ru: "Транспортная логистика", en: "Transport logistics" },
      { ru: "ВЭД", en: "Foreign trade" },
      { ru: "WMS", en: "WMS" },
    ],
    position: 4,
  },
  {
    id: 5,
    audience: "customer",
    expertName: "Елена Гришина",
    expertNameEn: "Elena Grishina",
    expertPosition: "HR-директор, 14 лет в ИТ и телекоме",
    expertPositionEn: "HR director, 14 years in IT and telecom",
    description:
      "Внедрила систему грейдов и мотивации в компании на 1\u00a0500 сотрудников. За год текучесть ключевых специалистов снизилась с 24 до 11%.",
    descriptionEn:
      "Introduced a job grading and incentive system at a company with 1,500 employees. Within a year, turnover among key specialists fell from 24% to 11%.",
    photo: "/landing/experts/elena-grishina.svg",
    chips: [
      { ru: "Системы грейдов", en: "Job grading" },
      { ru: "Компенсации и льготы", en: "Compensation and benefits" },
      { ru: "Оценка персонала", en: "Performance assessment" },
    ],
    position: 5,
  },
  {
    id: 6,
    audience: "customer",
    expertName: "Павел Михайлов",
    expertNameEn: "Pavel Mikhailov",
    expertPosition: "Операционный директор, 16 лет в производстве",
    expertPositionEn: "COO, 16 years in manufacturing",
    description:
      "Внедрил бережливое производство на заводе металлоконструкций: выработка на одного сотрудника выросла на 28%, а доля брака сократилась вдвое.",
    descriptionEn:
      "Introduced lean manufacturing at a steel structures plant: output per employee rose by 28% and the defect rate was halved.",
    photo: "/landing/experts/pavel-mikhailov.svg",
    chips: [
      { ru: "Бережливое производство", en: "Lean manufacturing" },
      { ru: "Управление издержками", en: "Cost management" },
      { ru: "Производственное планирование", en: "Production planning" },
    ],
    position: 6,
  },
  {
    id: 7,
    audience: "executor",
    expertName: "Светлана Белова",
    expertNameEn: "Svetlana Belova",
    expertPosition: "Независимый консультант по закупкам, 11 лет в нефтегазе",
    expertPositionEn: "Independent procurement consultant, 11 years in oil and gas",
    description:
      "За первый год на платформе завершила 9 проектов: выстраивала категорийные закупки и помогла заказчикам сэкономить в среднем 12% закупочного бюджета.",
    descriptionEn:
      "Completed 9 projects in her first year on the platform: she set up category-based procurement and helped clients save 12% of their procurement budgets on average.",
    photo: "/landing/experts/svetlana-belova.svg",
    chips: [
      { ru: "Категорийный менеджмент", en: "Category management" },
      { ru: "Тендерные процедуры", en: "Tender procedures" },
      { ru: "223-ФЗ", en: "223-FZ procurement" },
    ],
    position: 7,
  },
  {
    id: 8,
    audience: "executor",
    expertName: "Никита Лебедев",
    expertNameEn: "Nikita Lebedev",
    expertPosition: "Эксперт по данным, бывший руководитель аналитики маркетплейса",
    expertPositionEn: "Data expert, former head of analytics at an online marketplace",
    description:
      "Берёт проекты параллельно с основной работой. За полгода построил четыре системы сквозной аналитики и модель прогноза спроса с точностью 92%.",
    descriptionEn:
      "Takes on projects alongside his main job. In six months he has built four end-to-end analytics systems and a demand forecasting model with 92% accuracy.",
    photo: "/landing/experts/nikita-lebedev.svg",
    chips: [
      { ru: "Сквозная аналитика", en: "End-to-end analytics" },
      { ru: "Прогнозирование спроса", en: "Demand forecasting" },
      { ru: "Python", en: "Python" },
      { ru: "BI", en: "BI" },
    ],
    position: 8,
  },
];

/**
 * Task cards: ids 1–5 are solved company cases shown to companies,
 * ids 6–8 are examples of requests an expert can take on.
 */
export const landingTaskCards: LandingTaskCard[] = [
  {
    id: 1,
    audience: "customer",
    task: "Запасы росли быстрее выручки, и деньги оседали на складах.",
    taskEn: "Inventory was growing faster than revenue, tying up cash in the warehouses.",
    solution:
      "Эксперт провёл ABC/XYZ-анализ ассортимента, пересчитал нормативы запасов и настроил автозаказ по ключевым категориям.",
    solutionEn:
      "The expert ran an ABC/XYZ analysis of the assortment, recalculated stock norms and set up automatic reordering for the key categories.",
    name: "Сеть аптек, 120 точек",
    nameEn: "Pharmacy chain, 120 stores",
    description:
      "Оборачиваемость запасов ускорилась на 19 дней, высвобождено 86\u00a0млн\u00a0₽ оборотного капитала.",
    descriptionEn:
      "Inventory turnover improved by 19 days, freeing up 86\u00a0million\u00a0₽ of working capital.",
    period: "4 месяца",
    periodEn: "4 months",
    payment: "от 600\u00a0000\u00a0₽",
    paymentEn: "from 600,000\u00a0₽",
    photo: "/landing/tasks/pharmacy-chain.svg",
    chips: [
      { ru: "Управление запасами", en: "Inventory management" },
      { ru: "Оборотный капитал", en: "Working capital" },
      { ru: "Ритейл", en: "Retail" },
    ],
    position: 1,
  },
  {
    id: 2,
    audience: "customer",
    task: "Собственники готовились привлечь инвестора, но не понимали, сколько стоит их бизнес.",
    taskEn: "The owners were preparing to bring in an investor but did not know what their business was worth.",
    solution:
      "Эксперт построил финансовую модель на пять лет, оценил компанию тремя методами и подготовил инвестиционный меморандум.",
    solutionEn:
      "The expert built a five-year financial model, valued the company using three methods and prepared an investment memorandum.",
    name: "Производитель упаковки, выручка 3\u00a0млрд\u00a0₽",
    nameEn: "Packaging manufacturer, revenue of 3\u00a0billion\u00a0₽",
    description:
      "Компания привлекла 450\u00a0млн\u00a0₽ за долю 25% — на 30% больше, чем в первом предложении инвестора.",
    descriptionEn:
      "The company raised 450\u00a0million\u00a0₽ for a 25% stake, 30% more than the investor's first offer.",
    period: "2 месяца",
    periodEn: "2 months",
    payment: "от 900\u00a0000\u00a0₽",
    paymentEn: "from 900,000\u00a0₽",
    photo: "/landing/tasks/packaging-manufacturer.svg",
    chips: [
      { ru: "Оценка бизнеса", en: "Business valuation" },
      { ru: "Финансовое моделирование", en: "Financial modelling" },
      { ru: "Привлечение инвестиций", en: "Fundraising" },
    ],
    position: 2,
  },
  {
    id: 3,
    audience: "customer",
    task: "За год стоимость привлечения ученика выросла вдвое, и реклама перестала окупаться.",
    taskEn: "In a year the cost of acquiring a student doubled, and advertising stopped paying for itself.",
    solution:
      "Эксперт настроил сквозную аналитику, отключил убыточные каналы и перестроил воронку продаж после пробного урока.",
    solutionEn:
      "The expert set up end-to-end analytics, switched off loss-making channels and rebuilt the sales funnel that follows the trial lesson.",
    name: "Онлайн-школа английского языка",
    nameEn: "Online English school",
    description:
      "Стоимость привлечения снизилась на 38%, конверсия из пробного урока в оплату выросла с 12 до 19%.",
    descriptionEn:
      "Acquisition cost fell by 38%, and conversion from trial lesson to payment rose from 12% to 19%.",
    period: "6 недель",
    periodEn: "6 weeks",
    payment: "от 250\u00a0000\u00a0₽",
    paymentEn: "from 250,000\u00a0₽",
    photo: "/landing/tasks/online-school.svg",
    chips: [
      { ru: "Performance-маркетинг", en: "Performance marketing" },
      { ru: "Сквозная аналитика", en: "End-to-end analytics" },
      { ru: "EdTech", en: "EdTech" },
    ],
    position: 3,
  },
  {
    id: 4,
    audience: "customer",
    task: "Перед выходом в новый регион нужно было за неделю оценить риски покупки земельного участка.",
    taskEn: "Before entering a new region, the company had one week to assess the risks of buying a land plot.",
    solution:
      "Эксперт провёл правовой аудит участка и документов продавца и предложил безопасную структуру сделки.",
    solutionEn:
      "The expert carried out a legal audit of the plot and the seller's documents and proposed a safe deal structure.",
    name: "Федеральный застройщик",
    nameEn: "National property developer",
    description:
      "Выявлены два обременения, о которых продавец умолчал; цену участка удалось снизить на 60\u00a0млн\u00a0₽.",
    descriptionEn:
      "Two encumbrances the seller had not disclosed were uncovered, and the price of the plot was cut by 60\u00a0million\u00a0₽.",
    period: "1 неделя",
    periodEn: "1 week",
    payment: "от 150\u00a0000\u00a0₽",
    paymentEn: "from 150,000\u00a0₽",
    photo: "/landing/tasks/property-developer.svg",
    chips: [
      { ru: "Юридический due diligence", en: "Legal due diligence" },
      { ru: "Земельное право", en: "Land law" },
      { ru: "Девелопмент", en: "Property development" },
    ],
    position: 4,
  },
  {
    id: 5,
    audience: "customer",
    task: "Отчётность шести предприятий сводили вручную в Excel, и руководство получало цифры с опозданием на месяц.",
    taskEn: "Reports from six companies were consolidated by hand in Excel, so management received the figures a month late.",
    solution:
      "Эксперт спроектировал единую модель данных, подключил учётные системы к BI-платформе и собрал управленческие дашборды.",
    solutionEn:
      "The expert designed a single data model, connected the accounting systems to a BI platform and built management dashboards.",
    name: "Агрохолдинг, 6 предприятий",
    nameEn: "Agricultural holding, 6 companies",
    description:
      "Управленческая отчётность обновляется ежедневно, а финансовая служба экономит 12 рабочих дней в месяц.",
    descriptionEn:
      "Management reports are now updated daily, and the finance team saves 12 working days a month.",
    period: "3 месяца",
    periodEn: "3 months",
    payment: "от 700\u00a0000\u00a0₽",
    paymentEn: "from 700,000\u00a0₽",
    photo: "/landing/tasks/agro-holding.svg",
    chips: [
      { ru: "BI", en: "BI" },
      { ru: "Управленческая отчётность", en: "Management reporting" },
      { ru: "Агробизнес", en: "Agribusiness" },
    ],
    position: 5,
  },
  {
    id: 6,
    audience: "executor",
    task: "Компания хочет запустить франшизу, но не знает, как упаковать модель и рассчитать паушальный взнос.",
    taskEn: "The company wants to launch a franchise but does not know how to package the model or calculate the initial franchise fee.",
    solution:
      "Нужно разработать финансовую модель франшизы, стандарты открытия клуба и пакет документов для партнёров.",
    solutionEn:
      "The expert will need to develop a financial model for the franchise, club opening standards and a document pack for partners.",
    name: "Сеть фитнес-клубов, 35 клубов",
    nameEn: "Fitness chain, 35 clubs",
    description:
      "Цель — открыть 10 клубов по франшизе в первый год, чтобы вложения партнёра окупались за 24 месяца.",
    descriptionEn:
      "The goal is to open 10 franchise clubs in the first year, with partners recouping their investment within 24 months.",
    period: "3 месяца",
    periodEn: "3 months",
    payment: "от 800\u00a0000\u00a0₽",
    paymentEn: "from 800,000\u00a0₽",
    photo: "/landing/tasks/fitness-franchise.svg",
    chips: [
      { ru: "Франчайзинг", en: "Franchising" },
      { ru: "Финансовое моделирование", en: "Financial modelling" },
      { ru: "Стратегия развития", en: "Growth strategy" },
    ],
    position: 6,
  },
  {
    id: 7,
    audience: "executor",
    task: "После смены поставщиков комплектующих срок поставки вырос с 6 до 14 недель.",
    taskEn: "After a change of component suppliers, lead times grew from 6 to 14 weeks.",
    solution:
      "Нужно найти и проверить альтернативных поставщиков в Азии, выстроить логистику и таможенное оформление.",
    solutionEn:
      "The expert will need to find and vet alternative suppliers in Asia and set up logistics and customs clearance.",
    name: "Производитель спецтехники",
    nameEn: "Special machinery manufacturer",
    description:
      "Цель — сократить срок поставки до 8 недель и снизить стоимость комплектующих на 10%.",
    descriptionEn:
      "The goal is to bring lead times down to 8 weeks and cut component costs by 10%.",
    period: "4 месяца",
    periodEn: "4 months",
    payment: "от 1\u00a0200\u00a0000\u00a0₽",
    paymentEn: "from 1,200,000\u00a0₽",
    photo: "/landing/tasks/machinery-supply.svg",
    chips: [
      { ru: "Закупки", en: "Procurement" },
      { ru: "ВЭД", en: "Foreign trade" },
      { ru: "Таможенное оформление", en: "Customs clearance" },
      { ru: "Машиностроение", en: "Machinery and engineering" },
    ],
    position: 7,
  },
  {
    id: 8,
    audience: "executor",
    task: "Совет директоров обсуждает ESG-стратегию и хочет понять, с чего начать.",
    taskEn: "The board of directors is discussing an ESG strategy and wants to understand where to start.",
    solution:
      "Нужно провести стратегическую сессию с правлением и предложить дорожную карту на первый год.",
    solutionEn:
      "The expert will need to run a strategy session with the management board and propose a roadmap for the first year.",
    name: "Региональный банк",
    nameEn: "Regional bank",
    description:
      "Результат — 3 приоритетных направления и план подготовки первого нефинансового отчёта к концу года.",
    descriptionEn:
      "The deliverable is 3 priority areas and a plan for publishing the first sustainability report by the end of the year.",
    period: "2 недели",
    periodEn: "2 weeks",
    payment: "от 200\u00a0000\u00a0₽",
    paymentEn: "from 200,000\u00a0₽",
    photo: "/landing/tasks/bank-esg.svg",
    chips: [
      { ru: "ESG-стратегия", en: "ESG strategy" },
      { ru: "Нефинансовая отчётность", en: "Sustainability reporting" },
      { ru: "Банки", en: "Banking" },
    ],
    position: 8,
  },
];

/** Broad competence areas with specific competences as chips. */
export const landingCompetenceCards: LandingCompetenceCard[] = [
  {
    id: 1,
    icon_name: "finance",
    name: "Финансы",
    nameEn: "Finance",
    chips: [
      { ru: "Финансовое моделирование", en: "Financial modelling" },
      { ru: "Оценка бизнеса", en: "Business valuation" },
      { ru: "Казначейство", en: "Treasury" },
      { ru: "Бюджетирование", en: "Budgeting" },
      { ru: "Управленческий учёт", en: "Management accounting" },
      { ru: "МСФО", en: "IFRS" },
      { ru: "Налоговое планирование", en: "Tax planning" },
      { ru: "M&A", en: "M&A" },
    ],
    position: 1,
  },
  {
    id: 2,
    icon_name: "strategy",
    name: "Стратегия",
    nameEn: "Strategy",
    chips: [
      { ru: "Разработка стратегии", en: "Strategy development" },
      { ru: "Анализ рынка", en: "Market analysis" },
      { ru: "Выход на новые рынки", en: "New market entry" },
      { ru: "Портфельная стратегия", en: "Portfolio strategy" },
      { ru: "Стратегические сессии", en: "Strategy sessions" },
      { ru: "Трансформация бизнеса", en: "Business transformation" },
      { ru: "Корпоративное управление", en: "Corporate governance" },
    ],
    position: 2,
  },
  {
    id: 3,
    icon_name: "marketing",
    name: "Маркетинг",
    nameEn: "Marketing",
    chips: [
      { ru: "Бренд-менеджмент", en: "Brand management" },
      { ru: "Performance-маркетинг", en: "Performance marketing" },
      { ru: "Исследования потребителей", en: "Consumer research" },
      { ru: "CRM-маркетинг", en: "CRM marketing" },
      { ru: "Ценообразование", en: "Pricing" },
      { ru: "Trade-маркетинг", en: "Trade marketing" },
      { ru: "Контент-маркетинг", en: "Content marketing" },
      { ru: "Продуктовый маркетинг", en: "Product marketing" },
    ],
    position: 3,
  },
  {
    id: 4,
    icon_name: "sales",
    name: "Продажи",
    nameEn: "Sales",
    chips: [
      { ru: "Построение отдела продаж", en: "Building a sales team" },
      { ru: "B2B-продажи", en: "B2B sales" },
      { ru: "Работа с ключевыми клиентами", en: "Key account management" },
      { ru: "Дистрибуция", en: "Distribution" },
      { ru: "Дилерские сети", en: "Dealer networks" },
      { ru: "Стандарты продаж", en: "Sales standards" },
      { ru: "Мотивация продавцов", en: "Sales incentives" },
      { ru: "Тендерные продажи", en: "Tender sales" },
    ],
    position: 4,
  },
  {
    id: 5,
    icon_name: "hr",
    name: "HR",
    nameEn: "HR",
    chips: [
      { ru: "Подбор руководителей", en: "Executive search" },
      { ru: "Системы грейдов", en: "Job grading" },
      { ru: "Компенсации и льготы", en: "Compensation and benefits" },
      { ru: "Оценка персонала", en: "Performance assessment" },
      { ru: "Корпоративная культура", en: "Corporate culture" },
      { ru: "Обучение и развитие", en: "Learning and development" },
      { ru: "HR-бренд", en: "Employer branding" },
      { ru: "Кадровое делопроизводство", en: "HR administration" },
    ],
    position: 5,
  },
  {
    id: 6,
    icon_name: "it",
    name: "ИТ",
    nameEn: "IT",
    chips: [
      { ru: "ИТ-стратегия", en: "IT strategy" },
      { ru: "Внедрение ERP", en: "ERP implementation" },
      { ru: "Импортозамещение ПО", en: "Replacing foreign software" },
      { ru: "Информационная безопасность", en: "Information security" },
      { ru: "ИТ-архитектура", en: "IT architecture" },
      { ru: "Управление ИТ-проектами", en: "IT project management" },
      { ru: "Облачная инфраструктура", en: "Cloud infrastructure" },
      { ru: "Автоматизация процессов", en: "Process automation" },
    ],
    position: 6,
  },
  {
    id: 7,
    icon_name: "operations",
    name: "Операции",
    nameEn: "Operations",
    chips: [
      { ru: "Бережливое производство", en: "Lean manufacturing" },
      { ru: "Управление издержками", en: "Cost management" },
      { ru: "Производственное планирование", en: "Production planning" },
      { ru: "Управление качеством", en: "Quality management" },
      { ru: "Оптимизация бизнес-процессов", en: "Business process optimisation" },
      { ru: "Техническое обслуживание и ремонт", en: "Maintenance and repair" },
      { ru: "Охрана труда", en: "Occupational health and safety" },
    ],
    position: 7,
  },
  {
    id: 8,
    icon_name: "logistics",
    name: "Логистика",
    nameEn: "Logistics",
    chips: [
      { ru: "Управление цепями поставок", en: "Supply chain management" },
      { ru: "Складская логистика", en: "Warehouse logistics" },
      { ru: "Транспортная логистика", en: "Transport logistics" },
      { ru: "ВЭД", en: "Foreign trade" },
      { ru: "Таможенное оформление", en: "Customs clearance" },
      { ru: "Управление запасами", en: "Inventory management" },
      { ru: "WMS и TMS", en: "WMS and TMS" },
      { ru: "Доставка последней мили", en: "Last-mile delivery" },
    ],
    position: 8,
  },
  {
    id: 9,
    icon_name: "legal",
    name: "Юридическая функция",
    nameEn: "Legal",
    chips: [
      { ru: "Корпоративное право", en: "Corporate law" },
      { ru: "Договорная работа", en: "Contract management" },
      { ru: "Судебные споры", en: "Litigation" },
      { ru: "Налоговые споры", en: "Tax disputes" },
      { ru: "Интеллектуальная собственность", en: "Intellectual property" },
      { ru: "Антимонопольное право", en: "Competition law" },
      { ru: "Комплаенс", en: "Compliance" },
      { ru: "Персональные данные", en: "Personal data protection" },
    ],
    position: 9,
  },
  {
    id: 10,
    icon_name: "procurement",
    name: "Закупки",
    nameEn: "Procurement",
    chips: [
      { ru: "Категорийный менеджмент", en: "Category management" },
      { ru: "Тендерные процедуры", en: "Tender procedures" },
      { ru: "44-ФЗ и 223-ФЗ", en: "44-FZ and 223-FZ procurement" },
      { ru: "Поиск и аудит поставщиков", en: "Supplier sourcing and audits" },
      { ru: "Переговоры с поставщиками", en: "Supplier negotiations" },
      { ru: "Автоматизация закупок", en: "Procurement automation" },
      { ru: "Локализация поставок", en: "Supply localisation" },
    ],
    position: 10,
  },
  {
    id: 11,
    icon_name: "esg",
    name: "ESG",
    nameEn: "ESG",
    chips: [
      { ru: "ESG-стратегия", en: "ESG strategy" },
      { ru: "Нефинансовая отчётность", en: "Sustainability reporting" },
      { ru: "Углеродный след", en: "Carbon footprint" },
      { ru: "Экологический менеджмент", en: "Environmental management" },
      { ru: "Социальные инвестиции", en: "Social investment" },
      { ru: "ESG-рейтинги", en: "ESG ratings" },
      { ru: "Зелёное финансирование", en: "Green finance" },
      { ru: "Устойчивые цепочки поставок", en: "Sustainable supply chains" },
    ],
    position: 11,
  },
  {
    id: 12,
    icon_name: "data",
    name: "Data & Analytics",
    nameEn: "Data & Analytics",
    chips: [
      { ru: "BI и дашборды", en: "BI and dashboards" },
      { ru: "Сквозная аналитика", en: "End-to-end analytics" },
      { ru: "Прогнозирование спроса", en: "Demand forecasting" },
      { ru: "Машинное обучение", en: "Machine learning" },
      { ru: "Управление данными", en: "Data governance" },
      { ru: "Хранилища данных", en: "Data warehousing" },
      { ru: "Продуктовая аналитика", en: "Product analytics" },
      { ru: "A/B-тестирование", en: "A/B testing" },
    ],
    position: 12,
  },
];
