import type { Question } from "./types.ts";
import { association } from "./association.ts";

/** Questions residents ask, shown on /the-lake. */
export const faq: Question[] = [
  {
    question: "Is it safe to swim at the public beach?",
    answer: [
      "Usually, yes. The status box at the top of this page shows the latest E. coli reading for the Heron Lake Public Beach: Open means the reading was below 235 per 100 mL, Caution means 235 up to 1000, and Closed means above 1000.",
      "Even when the beach is open, avoid swallowing lake water, stay out for a day or two after heavy rain, keep young children from playing in shallow, still water near goose droppings, and shower after swimming. Never swim near the outlet dam.",
    ],
  },
  {
    question: "What is E. coli and why do you test for it?",
    answer: [
      "E. coli are bacteria that live in the gut of people and warm-blooded animals. Most strains are harmless on their own, but finding them in the water means it has been contaminated by feces, from geese, pets, wildlife, failing septic systems or runoff, and may carry other germs that can cause stomach illness, rashes or ear and eye infections.",
      "Because testing for every possible germ is impractical, health agencies use E. coli as an indicator: the more E. coli in a sample, the greater the chance of getting sick from swimming.",
    ],
  },
  {
    question: "How often is the beach water tested?",
    answer: [
      "Volunteers from our Water Quality Committee collect a sample at least once a week from Memorial Day weekend through Labor Day, and more often after heavy rain or a high reading. The sample goes to a certified lab, and the result is posted here as soon as it comes back, usually the next day.",
      "Because the test takes 18 to 24 hours, each reading describes the water as it was when the sample was taken, not the water today. If a reading is more than a week old, treat it as out of date.",
    ],
  },
  {
    question: "Where is the boat launch, and does it cost anything?",
    answer: [
      "The public boat launch is on the west shore off County Road H, next to a gravel lot with room for about twenty trucks and trailers. It is open from 5 a.m. to 10 p.m. and there is no launch fee.",
      "On busy summer weekends, volunteer inspectors at the launch may ask to look over your boat and trailer for plants and mussels. It takes two minutes and keeps the lake healthy, so thank you for your patience.",
    ],
  },
  {
    question: "Do I need a fishing license?",
    answer: [
      "Yes. Anyone 16 or older needs a Wisconsin fishing license to fish on Heron Lake, including from a dock or the shore. Licenses can be bought online from the Wisconsin Department of Natural Resources or at Heron Lake Marina & Bait.",
      "Heron Lake has good numbers of bluegill, crappie, largemouth bass and northern pike, plus some walleye. Check the current state regulations for size and bag limits before you keep fish.",
    ],
  },
  {
    question: "How can I help stop invasive species?",
    answer: [
      "Every time you leave any lake: inspect your boat, trailer and gear and remove all plants, animals and mud; drain all water from the boat, motor, live wells and bait buckets; and never move live fish away from the water. Dispose of unused bait in the trash, not in the lake.",
      "Eurasian watermilfoil has been found in North Bay, and zebra mussels are in several nearby lakes. If you see a plant or animal you do not recognize, take a photo, note the location and email the board.",
    ],
  },
  {
    question: "Who do I call about a problem on the lake?",
    answer: [
      "For any emergency on or near the water, call 911.",
      "For reckless or speeding boats, wake complaints or noise, call the Marsh County Sheriff's Office non-emergency line at (608) 555-0150. For fishing, hunting or boat registration violations, call the Conservation Warden at (608) 555-0157. Both are listed under Local Info.",
      `For anything about the association, the beach readings or this website, email the board at ${association.contactEmail}.`,
    ],
  },
  {
    question: "How do I join the association?",
    answer: [
      "Membership is open to every household on or near Heron Lake, and to anyone else who cares about the lake. Dues are ${duesDollars} per household per year, due {duesDate}.",
      "See the Membership page for how to pay: you can mail a check to our treasurer or pay in person at the annual meeting on Memorial Day weekend.",
    ],
  },
];
