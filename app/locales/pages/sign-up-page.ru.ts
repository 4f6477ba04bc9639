/** The registration page (spec 1 §2, §4, §5), Russian; its title and the shared fields stay common. */
const signUpPage = {
  chooseStatus: "Выберите статус",
  customer: "Ищу эксперта",
  expert: "Стать экспертом",
  contacts: "Контактные данные",
  expertise: "Экспертиза",
  passwordStep: "Пароль",
  lastName: "Фамилия",
  password: "Пароль",
  resume: "Резюме",
  resumeHint: "PDF, DOC или DOCX, до 50 МБ, не более 5 файлов",
  subscribe: "Получать новости сервиса",
  consent: "Нажимая «Зарегистрироваться», вы соглашаетесь с пользовательским соглашением и политикой обработки персональных данных",
  submit: "Зарегистрироваться",
  haveAccount: "Уже есть аккаунт?",
  signIn: "Войти",
  step: "Шаг {{current}} из {{total}}",
  progress: "Заполнено {{filled}} из {{total}}",
  becomeExpertTitle: "Хотите получать проекты в роли эксперта?",
  becomeExpertText: "Заполните экспертизу, и мы будем присылать вам подходящие заявки.",
  fill: "Заполнить",
  skip: "Пропустить",
  loginInstead: "Авторизоваться",
  socialTitle: "Завершение регистрации",
  socialText: "Осталось указать недостающие данные.",
  inviteNote: "Вы регистрируетесь по приглашению",
  // Decision 0055: the invitation joins the account when the address is proven.
  inviteVerify: "Приглашение станет вашим, когда вы подтвердите этот e-mail: откройте ссылку из письма там, где вошли в аккаунт.",
};
export default signUpPage;
export type SignUpPageTexts = typeof signUpPage;
