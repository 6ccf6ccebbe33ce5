/** The site's own forms: the banner, and the association's details (/setup and Settings). */
import { z } from "zod";

/** Banner editor. */
export const bannerSchema = z.object({ text: z.string().trim().min(1, "Please enter the banner text").max(2_000) });

/** Every IANA time zone this server knows: the list an association chooses its time zone from. */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");

/** The association's details as /setup and the Settings screen ask for them (issue 10). */
export const associationFields = {
  name: z.string().trim().min(1, "Please enter the association's name").max(200),
  shortName: z.string().trim().min(1, "Please enter a short name for the header").max(60),
  timeZone: z.string().refine((v) => TIME_ZONES.includes(v), "Please choose a time zone from the list"),
  contactEmail: z.email("Please enter a contact email address").max(254),
  beachName: z.string().trim().min(1, "Please enter the name of the beach you test").max(200),
};
