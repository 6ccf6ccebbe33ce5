import type { LakeFact } from "./types.ts";
import lakeMapImage from "./images/lake-map.svg";

/** Facts and figures shown next to the map on /the-lake. */
export const lakeFacts: LakeFact[] = [
  { label: "Surface area", value: "412 acres" },
  { label: "Maximum depth", value: "38 feet" },
  { label: "Mean depth", value: "14 feet" },
  { label: "Shoreline length", value: "4.3 miles" },
  { label: "Volume", value: "About 5,800 acre-feet (1.9 billion gallons)" },
  { label: "Watershed", value: "9.6 square miles of forest, wetland and farmland" },
  { label: "Lake type", value: "Drainage lake: fed by Heron Creek, drained over the outlet dam into the Little Heron River" },
  { label: "Public access points", value: "2: the public beach and the boat launch" },
];

export const lakeIntro: string[] = [
  "Heron Lake is a 412-acre drainage lake in Marsh County, Wisconsin. Heron Creek flows in at the north-west end, and the water leaves over a small dam at the south-east end into the Little Heron River. The deepest hole, 38 feet, lies just west of Heron Island, while North Bay is shallow, weedy and a favourite spot for herons, loons and anglers.",
  "About 300 homes and cabins line the shore, and the lake is open to everyone through the public beach on the south shore and the boat launch on the west shore. The association watches over water quality, invasive species and the shoreline so the lake stays healthy for the next generation.",
];

/** The beach whose E. coli readings are shown, and the text of its "Learn More" toggle. */
export const beachInfo: { name: string; learnMore: string[] } = {
  name: "Heron Lake Public Beach",
  learnMore: [
    "Beach water is tested for E. coli bacteria, and each result is reported as the number of E. coli per 100 mL of water. A reading below 235 is shown as Open. A reading from 235 up to 1000 is shown as Caution: swimming is not advised for young children, older adults or anyone with a weakened immune system, and nobody should swallow the water. A reading above 1000 is shown as Closed: stay out of the water.",
    "The Caution level of 235 per 100 mL is the Beach Action Value recommended by the US Environmental Protection Agency in its 2012 Recreational Water Quality Criteria. Above it, the risk of stomach illness from swimming rises to a level most health agencies act on. The Closed level of 1000 is the association's own, for water that is heavily contaminated.",
    "Lab tests for E. coli take 18 to 24 hours, so each reading describes the water as it was when the sample was taken, usually the day before. Conditions can change quickly: counts often jump after heavy rain, which washes goose droppings, pet waste and runoff from lawns and fields into the lake, and when flocks of Canada geese gather on the beach. They usually drop again within a day or two. If the latest reading is more than a week old, treat it as out of date.",
    "About the readings on this demonstration site: they are real E. coli measurements from Montrose Beach in Chicago, moved to recent dates so the chart looks current. Source: Chicago Park District, via City of Chicago Chicago/clear-water (MIT).",
  ],
};

/** Practical advice on nuisance Canada geese, shown on /the-lake. */
export const geeseAdvice: { title: string; paragraphs: string[]; tips: string[] } = {
  title: "Living with Canada Geese",
  paragraphs: [
    "A few geese are part of lake life, but large resident flocks leave droppings on lawns, docks and the beach, damage shoreline plants and are a major source of the E. coli that can close the beach. Each adult goose can leave a pound or more of droppings a day.",
    "Geese stay where they find easy food, short grass and a clear view of the water. The most lasting fix is to make the shore less inviting, and it works best when neighbours act together. Remember that Canada geese are protected under the federal Migratory Bird Treaty Act: you may scare them away, but you may not harm them or disturb their nests and eggs without authorization.",
  ],
  tips: [
    "Do not feed geese or ducks, and ask guests and renters not to. Feeding draws flocks, keeps them here year-round and is bad for the birds.",
    "Keep a buffer strip of tall native grasses, flowers and shrubs, at least 20 feet deep, between your lawn and the water. Geese avoid walking through cover where predators could hide.",
    "Stop mowing and fertilizing right down to the water's edge. Tender, fertilized lawn grass is exactly what geese want to eat.",
    "Scare geese away early in spring, before they choose nesting sites: a dog on a leash, motion-activated sprinklers, flags or reflective tape all help. Hazing is of little use in June and July, when adult geese molt and cannot fly.",
    "During the molt, a low fence or a couple of strings about 18 inches high along the shoreline keeps flightless geese from walking up onto your lawn.",
    "Egg addling or nest removal is allowed only after registering with the US Fish and Wildlife Service, only in spring, and must be reported afterwards. Contact the board if you want to join the association's registered addling program.",
    "Pick up droppings from lawns, docks and the beach and put them in the trash, never in the lake, especially before rain.",
  ],
};

/** The stylised map shown with the facts; a static image, so it needs no script or third-party map. */
export const lakeMap: { image: string; alt: string; caption: string } = {
  image: lakeMapImage,
  alt: "Map of Heron Lake. The lake stretches from north-west to south-east. Heron Creek flows in at the north-west end and the outlet dam is at the south-east end. North Bay is a lobe at the north end, Heron Island sits in the east part of the lake with the deepest point, 38 feet, just west of it. The Public Beach is on the south shore and the Boat Launch is on the west shore. A compass arrow points north and a scale bar shows a quarter mile.",
  caption: "Heron Lake, Marsh County, Wisconsin. Stylised map, not for navigation.",
};
