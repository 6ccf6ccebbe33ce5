/** The lists and the words of the subscription pages and form (issue 11), shared by the server and the pages. */

/** The lists a resident can subscribe to. */
export const SUBSCRIBER_LISTS = ["beach", "news", "events"] as const;
export type SubscriberList = (typeof SUBSCRIBER_LISTS)[number];
/** Every list mail can come from: the subscribers' lists and the board's member email. */
export const MAIL_LISTS = [...SUBSCRIBER_LISTS, "members"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** What the form answers for every accepted request, known address or not. */
export const SUBSCRIBE_ANSWER = "Thank you. Check your inbox: we sent you a link to confirm your subscription.";
/** What the form answers when an address or a client asked too often within the hour. */
export const SUBSCRIBE_THROTTLED = "Too many subscription requests. Please try again in an hour.";
/** What a malformed, forged or old link shows. */
export const LINK_INVALID = "This link has expired or is not valid.";

/** The lists' names as residents read them. */
export const LIST_LABELS = { beach: "Beach status alerts", news: "News", events: "Events", members: "Member email" } as const;
