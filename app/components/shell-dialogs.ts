// One chunk for the shell's lazily loaded parts (app/components/shell-lazy.ts).
export { default as ErrorPage } from "./error-page";
export { default as GuestPrompt } from "./guest-prompt";
export { default as HelpDialogs, HelpMenu } from "./help-dialogs";
export { default as SlideMenu } from "./slide-menu";
