/** The demo association's own page (issue 28): a page the board wrote, linked under More at /more/boat-launch. */
export const demoPages: { slug: string; title: string; body: string }[] = [
  {
    slug: "boat-launch",
    title: "Boat Launch",
    body: [
      "The public boat launch is on the east shore, off Heron Lake Road, open from sunrise to sunset between May 1 and October 31.",
      "### Before you launch",
      "- Clean, drain and dry your boat and trailer: zebra mussels and Eurasian watermilfoil travel on hulls, props and live wells.\n- Park trailers in the upper lot only; the lower lot is for cars.\n- No-wake speed within 150 feet of the shore and of the swimming beach.",
      "Questions about the launch? Write to the board from the Contact us page.",
    ].join("\n\n"),
  },
];
