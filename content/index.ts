/** Everything an association edits lives in this folder; the app imports it from here. */
export * from "./types.ts";
export { association } from "./association.ts";
export { board } from "./board.ts";
export { businesses } from "./businesses.ts";
export { bylaws } from "./bylaws.ts";
export { faq } from "./faq.ts";
export { lakeFacts, lakeIntro, beachInfo, geeseAdvice, lakeMap } from "./lake.ts";
export { membership, governance } from "./membership.ts";
