import type { Governance, Membership } from "./types.ts";
import treasurerImage from "./images/treasurer-contact.svg";

/** Governance numbers used in the bylaws text (spec §9). */
export const governance: Governance = { quorum: 15, noticeDays: 5, boardSize: 5, termYears: 2 };

const duesDollars = 10;
const duesDate = "April 1";

export const membership: Membership = {
  benefits: [
    "A vote at the annual meeting and a voice in how the lake is cared for (one vote per household)",
    "Weekly E. coli testing at the public beach all summer, with results posted on this site",
    "Volunteer boat-launch inspections that help keep zebra mussels and milfoil out of Heron Lake",
    "Member emails with lake news, event reminders and water-level or beach alerts",
    "Invitations to the summer picnic, the fishing derby and the fall shoreline planting day",
    "Free native plants and advice for a shoreline buffer on your own property",
  ],
  duesDollars,
  duesDate,
  howToPay: [
    // The figures are placeholders: the page shows the dues the board sets (app/site/data/governance.server.ts).
    'Dues are ${duesDollars} per household per year and are due {duesDate}. The easiest way to pay is to mail a check, made out to "Heron Lake Association", to our treasurer at the address shown on this page. Please include your name, lake address and the email address where you would like to receive member news.',
    "You can also pay in person, by cash or check, at the annual meeting on Memorial Day weekend at the Heron Lake Town Hall. The treasurer will give you a receipt and add you to the member list on the spot.",
  ],
  treasurerImage,
  treasurerContact: "**Ruth Andersen**, Treasurer  \nHeron Lake Association  \nPO Box 118  \nHeron Lake, WI 53500\n\nEmail: [treasurer@heronlake.example.org](mailto:treasurer@heronlake.example.org)",
  treasurerImageAlt:
    "Ruth Andersen, Treasurer. Heron Lake Association, PO Box 118, Heron Lake, WI 53500. Email: treasurer@heronlake.example.org",
};
