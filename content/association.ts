import type { Association } from "./types.ts";

export const association: Association = {
  name: "Heron Lake Association",
  shortName: "Heron Lake",
  timeZone: "America/Chicago",
  contactEmail: "board@heronlake.example.org",
  socialUrl: "https://www.facebook.com/heronlakeassociation",
  socialLabel: "Facebook",
  beachName: "Heron Lake Public Beach",
  welcome: [
    "Welcome to the Heron Lake Association, the neighbourhood group for the families, cabin owners and friends who share Heron Lake. Since 1974 we have worked to keep the water clean, the shoreline healthy and the lake a good place to swim, fish and paddle.",
    "Here you will find the latest beach water-quality readings, lake news and upcoming events, member information, our bylaws and a list of local services. Whether you have lived on the lake for forty years or just rented a cabin for the week, we are glad you are here.",
  ],
  president: {
    name: "Ellen Halvorsen",
    paragraphs: [
      "Dear neighbours, another season is upon us, and the loons are back on the north end of the lake. Thank you to everyone who turned out for the spring shoreline clean-up: more than forty volunteers filled two trailers with winter debris, and the boat launch has never looked better.",
      "This year the board is focusing on three things: keeping up the weekly E. coli testing at the public beach, staffing the boat launch on busy weekends to check for invasive species, and planting native buffer strips along the shore to discourage geese and slow runoff. Each of these depends on volunteers, so if you can spare a morning, please let any board member know.",
      "Finally, please join us at the annual meeting on Memorial Day weekend at the Heron Lake Town Hall. Dues are still just ${duesDollars} per household, and every membership helps pay for water testing and lake programs. See you on the water!",
    ],
  },
};
