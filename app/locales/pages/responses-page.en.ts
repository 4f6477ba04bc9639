import type responsesRu from "./responses-page.ru";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const responsesPage: Shape<typeof responsesRu> = {
  listLabel: "Invitations and responses",
  tabs: {
    invite: "New invitations",
    sent: "Sent",
    active: "Active",
    completed: "Completed",
    rejected: "Declined",
  },
  fresh_one: "{{count}} new",
  fresh_few: "{{count}} new",
  fresh_many: "{{count}} new",
  fresh_other: "{{count}} new",
  total_one: "{{count}} project in all",
  total_few: "{{count}} projects in all",
  total_many: "{{count}} projects in all",
  total_other: "{{count}} projects in all",
  newMark: "New",
  budget: "Budget: {{amount}} ₽",
  invitedOn: "Invited on {{date}}",
  sentOn: "Response of {{date}}",
  status: {
    sent: "Sent",
    viewed: "Viewed",
    moderation: "In moderation",
    active: "You were chosen",
    completed: "Project completed",
    chosenOther: "Another expert was chosen",
    rejectedReason: "The response was rejected by a moderator: {{reason}}",
  },
  searchOver: "Search is over",
  notInterested: "Not interested",
  remove: "Remove",
  cancel: "Cancel",
  removeHint: "Remove the invitation “{{name}}”?",
  removed: "Invitation removed",
  empty: "You have no matching projects yet",
  emptyHint: "Add the industries and functions you work in to your profile: invitations follow them.",
  emptyAction: "Add industries and functions",
  emptyTab: "Nothing here yet",
  pages: "Pages",
  prev: "Previous",
  next: "Next",
  pageOf: "{{page}} of {{last}}",
};

export default responsesPage;
