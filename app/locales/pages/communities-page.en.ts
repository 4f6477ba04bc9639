import type communitiesRu from "./communities-page.ru";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const communities: Shape<typeof communitiesRu> = {
    searchLabel: "Search communities",
    searchPlaceholder: "Name or chat",
    searchButton: "Search",
    listTitle_tribe: "Communities of your industries and functions",
    listTitle_option: "Communities of your functions",
    listTitle_alumni: "Alumni and former colleagues",
    found_one: "{{count}} community found",
    found_few: "{{count}} communities found",
    found_many: "{{count}} communities found",
    found_other: "{{count}} communities found",
    nothingFound: "Nothing found. Try changing your query",
    chat: "Chat",
    goToChat: "Open the chat",
    newTab: "opens in a new tab",
    notCreated: "The community has not been created yet",
    notFoundTitle: "No communities found",
    notFound_tribe: "We pick communities by the industries and functions of your profile and work experience. Add them to your profile and your colleagues' chats will appear here.",
    notFound_option: "We pick communities by the functions of your profile. Add functions to your profile and your colleagues' chats will appear here.",
    notFound_alumni: "We pick communities by the places of study and work in your profile. Add your education and work experience and the alumni and colleagues' chats will appear here.",
    fillProfile: "Fill in the profile",
    pages: "Pages of the communities list",
    previous: "Previous",
    next: "Next",
    page: "Page {{page}}",
    pageOf: "Page {{page}} of {{last}}",
};

export default communities;
