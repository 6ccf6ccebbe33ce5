import type { BylawsArticle } from "./types.ts";
/**
 * Bylaws of the Heron Lake Association, seeded for the demo and then edited on /admin/bylaws; shown in collapsible
 * articles on /more/meetboard. `{quorum}`, `{noticeDays}`, `{boardSize}`, `{termYears}`, `{duesDollars}` and
 * `{duesDate}` stand for the numbers the board sets (app/site/data/governance.server.ts).
 */
export const bylaws: BylawsArticle[] = [
  {
    number: "Article I",
    title: "Name and Purpose",
    sections: [
      {
        heading: "Name",
        text: "The name of this organization is the Heron Lake Association (the \"Association\"), a nonprofit, nonstock corporation organized under the laws of the State of Wisconsin.",
      },
      {
        heading: "Purpose",
        text: "The Association exists to protect and improve the water quality, shoreline and natural beauty of Heron Lake and its watershed; to promote safe and courteous use of the lake; to keep residents informed about the lake; and to represent the shared interests of its members before local, county and state agencies.",
      },
      {
        heading: "Nonpartisan",
        text: "The Association does not support or oppose any political party or candidate for public office.",
      },
    ],
  },
  {
    number: "Article II",
    title: "Membership",
    sections: [
      {
        heading: "Eligibility",
        text: "Membership is open to any household that owns or rents property on or near Heron Lake, and to any other person who supports the purpose of the Association.",
      },
      {
        heading: "Members in good standing",
        text: "A household becomes a member in good standing when its dues for the current year have been paid. Only members in good standing may vote or hold office.",
      },
      {
        heading: "Voting",
        text: "Each member household in good standing has one vote, cast in person at a meeting of the members. Voting by proxy is not permitted.",
      },
    ],
  },
  {
    number: "Article III",
    title: "Dues",
    sections: [
      {
        heading: "Amount",
        text: "Annual dues are ${duesDollars} per household per year. The amount may be changed only by a vote of the members at the annual meeting.",
      },
      {
        heading: "Due date",
        text: "Dues are due on {duesDate} of each year and cover the membership year from {duesDate} through the following March 31. Dues may be mailed to the Treasurer or paid in person at the annual meeting.",
      },
      {
        heading: "Lapsed membership",
        text: "A household whose dues are unpaid by the start of the annual meeting may not vote at that meeting, but may rejoin at any time by paying the current year's dues.",
      },
    ],
  },
  {
    number: "Article IV",
    title: "Meetings of the Members",
    sections: [
      {
        heading: "Annual meeting",
        text: "The annual meeting of the members is held each year on Memorial Day weekend, at a time and place set by the Board. At the annual meeting the members elect directors, hear the Treasurer's report and conduct any other business properly brought before them.",
      },
      {
        heading: "Special meetings",
        text: "A special meeting of the members may be called by the President, by a majority of the Board, or by written request of at least ten member households.",
      },
      {
        heading: "Notice",
        text: "Notice of every meeting of the members, stating the date, time, place and purpose, must be sent by email or mail, or posted on the Association's website, at least {noticeDays} days before the meeting.",
      },
      {
        heading: "Quorum",
        text: "A quorum for any meeting of the members is {quorum} members in good standing present in person. Unless these bylaws say otherwise, decisions are made by a majority of the votes cast at a meeting where a quorum is present.",
      },
    ],
  },
  {
    number: "Article V",
    title: "Board of Directors",
    sections: [
      {
        heading: "Powers",
        text: "The affairs of the Association are managed by a Board of Directors, which acts on behalf of the members between meetings.",
      },
      {
        heading: "Number and terms",
        text: "The Board consists of {boardSize} directors, each elected by the members at the annual meeting for a term of {termYears} years. Terms are staggered so that roughly half of the seats are elected each year. A director may serve no more than three consecutive terms.",
      },
      {
        heading: "Vacancies",
        text: "If a seat becomes vacant between annual meetings, the remaining directors may appoint a member in good standing to serve until the next annual meeting, when the members elect someone to finish the term.",
      },
      {
        heading: "Board meetings",
        text: "The Board meets at least four times a year. A majority of the directors is a quorum of the Board. Board meetings are open to any member, except when the Board discusses personnel or legal matters.",
      },
    ],
  },
  {
    number: "Article VI",
    title: "Officers",
    sections: [
      {
        heading: "Officers",
        text: "The officers of the Association are the President, Vice President, Treasurer and Secretary. The directors elect the officers from among themselves at the first Board meeting after each annual meeting. The remaining director serves as Member at Large.",
      },
      {
        heading: "President",
        text: "The President chairs meetings of the members and of the Board, speaks for the Association, and signs documents approved by the Board.",
      },
      {
        heading: "Vice President",
        text: "The Vice President acts for the President when the President is absent and coordinates the work of the committees.",
      },
      {
        heading: "Treasurer",
        text: "The Treasurer collects dues, keeps the member list and the financial records, pays bills approved by the Board, and presents a financial report at the annual meeting. Any payment over $500 requires the signature or written approval of a second officer.",
      },
      {
        heading: "Secretary",
        text: "The Secretary sends notice of meetings, keeps the minutes of meetings of the members and of the Board, and keeps the Association's records, including these bylaws.",
      },
    ],
  },
  {
    number: "Article VII",
    title: "Committees",
    sections: [
      {
        heading: "Standing committees",
        text: "The Association has three standing committees: Water Quality (beach testing and lake monitoring), Shoreline and Invasive Species (boat-launch inspections and buffer plantings), and Events and Communications (social events, the website and member emails).",
      },
      {
        heading: "Other committees",
        text: "The Board may create other committees as needed. Each committee is chaired by a member appointed by the Board and reports to the Board. Any member in good standing may serve on a committee.",
      },
    ],
  },
  {
    number: "Article VIII",
    title: "Fiscal Year and Finances",
    sections: [
      {
        heading: "Fiscal year",
        text: "The fiscal year of the Association runs from {duesDate} through March 31 of the following year, the same as the membership year.",
      },
      {
        heading: "Use of funds",
        text: "The Association's funds are used only for its purpose. No part of them may benefit any director, officer or member, except reasonable reimbursement of expenses approved by the Board.",
      },
      {
        heading: "Review",
        text: "Each year, two members who are not directors review the Treasurer's books before the annual meeting and report their findings to the members.",
      },
    ],
  },
  {
    number: "Article IX",
    title: "Amendments",
    sections: [
      {
        text: "These bylaws may be amended by a two-thirds vote of the members present and voting at any meeting of the members where a quorum is present, provided that the text of the proposed amendment was included in the notice of the meeting sent at least {noticeDays} days beforehand.",
      },
    ],
  },
  {
    number: "Article X",
    title: "Dissolution",
    sections: [
      {
        text: "The Association may be dissolved by a two-thirds vote of the members present at a meeting called for that purpose. After all debts are paid, any remaining funds and property will be given to one or more nonprofit organizations that work to protect lakes or water quality in Wisconsin, as chosen by the Board. No funds will be distributed to members.",
      },
    ],
  },
];
