import type { ServerResources } from "./ru.server";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** What only the server says, in English; typed against the Russian file so that no key is missing. */
const enServer: Shape<ServerResources> = {
  auth: {
    invalid_credentials: "Wrong e-mail or password",
    user_exists: "A user with this e-mail is already registered",
    reset_sent: "We have sent an access code to your e-mail",
    reset_code_invalid: "The access code is wrong or has expired",
    reset_too_many: "Too many attempts. Request a new code",
    password_set: "The new password is set",
    password_changed: "Password changed successfully!",
    old_password_wrong: "The current password is wrong",
    email_verified: "E-mail confirmed",
    verify_invalid: "The link is invalid or has expired",
    social_failed: "Could not sign in with the social network. Please try again",
    impersonation_forbidden: "This action is not available while viewing as another user",
  },
  impersonate: {
    self: "You cannot sign in as yourself",
    invalid: "The link is invalid or has expired",
    not_active: "You are not viewing as another user",
  },
  invite: {
    account_exists: "This e-mail belongs to an existing account — {{name}}",
    not_verified: "You can invite people once your e-mail is confirmed",
    sent: "Invitation sent",
  },
  support: {
    callbackSent: "Your callback request is received. We will call you back shortly",
  },
  validation: {
    password_max: "The password is too long",
    password_mismatch: "Passwords do not match",
    industries_required: "Industries are required",
    industries_limit: "Too many industries",
    industries_unknown: "An unknown industry is selected",
    options_required: "Functions are required",
    options_limit: "Too many functions",
    options_unknown: "An unknown function is selected",
    option_name: "A function name is 2 to 100 characters long",
    option_parent: "Choose a main function",
    search_max: "The search text is too long",
    verify_invalid: "The link is invalid or has expired",
    invite_company: "Choose a company",
    invite_company_max: "The maximum length is 100 characters",
    invite_company_unknown: "There is no such company. Choose a company from the list",
  },
  errors: {
    validation: "Please check the fields",
    not_found: "Not found",
    bad_body: "Could not read the request data",
    bad_origin: "Request refused: unknown origin",
    payload_too_large: "The request is too large",
    rate_limited_one: "Too many attempts. Try again in {{count}} minute",
    rate_limited_few: "Too many attempts. Try again in {{count}} minutes",
    rate_limited_many: "Too many attempts. Try again in {{count}} minutes",
    rate_limited_other: "Too many attempts. Try again in {{count}} minutes",
  },
  mail: {
    greeting: "Hello, {{name}}!",
    footer: "This e-mail was sent automatically; there is no need to reply.",
    verify: {
      subject: "Confirm your e-mail",
      body: "To use everything the service offers, please confirm your e-mail address.",
      expires: "The link is valid for 24 hours.",
      action: "Confirm e-mail",
    },
    reset: {
      subject: "Access code to change your password",
      body: "You asked to recover your password. Enter this code on the recovery page:",
      expires: "The code is valid for 10 minutes. If you did not ask to change your password, just ignore this e-mail.",
    },
    passwordChanged: { subject: "Password changed", body: "The password of your account has been changed. If it was not you, contact support at once." },
    contact: { subject: "Callback request", body: "{{name}} asks to be called back at {{phone}}.", action: "Open the operator console" },
    invite: {
      subject: "An invitation to the Expert Marketplace",
      body: "{{inviter}} invites you to join the Expert Marketplace as an expert.",
      bodyCompany: "{{inviter}} invites you to join the Expert Marketplace as an expert of «{{company}}».",
      hint: "The link opens the sign-up page with your details already filled in.",
      action: "Sign up",
    },
    welcome: { subject: "Welcome", body: "You are signed up.", action: "Open profile" },
  },
};
export default enServer;
