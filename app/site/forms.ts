/** The site's own forms: the banner, and the association's details (/setup and Settings). */
import { z } from "zod";
import { webAddressField } from "#app/platform/text/forms.ts";
import { canonicalZone, canonicalZones } from "#app/platform/text/time-zones.ts";

/** Banner editor. */
export const bannerSchema = z.object({ text: z.string().trim().min(1, "Please enter the banner text").max(2_000) });

/**
 * Every IANA time zone this server knows, by its canonical name (no `Asia/Calcutta`: `Asia/Kolkata`), sorted: the
 * list an association chooses its time zone from.
 */
export const TIME_ZONES: readonly string[] = canonicalZones(Intl.supportedValuesOf("timeZone"));

/** The association's details as /setup and the Settings screen ask for them (issue 10). */
export const associationFields = {
  name: z.string().trim().min(1, "Please enter the association's name").max(200),
  shortName: z.string().trim().min(1, "Please enter a short name for the header").max(60),
  // An old name (a form from before the list was canonical) is read as today's.
  timeZone: z
    .string()
    .transform(canonicalZone)
    .refine((v) => TIME_ZONES.includes(v), "Please choose a time zone from the list"),
  contactEmail: z.email("Please enter a contact email address").max(254),
  beachName: z.string().trim().min(1, "Please enter the name of the beach you test").max(200),
};

/**
 * The header's social link (Settings and /setup): an https address (`www.facebook.com/…` is read as `https://…`) and
 * its label, or none when the address is left empty. Check the pair with `socialLabelNeeded`.
 */
export const socialFields = {
  socialUrl: webAddressField("Please enter a full https:// address, or leave it empty", { httpsOnly: true }),
  socialLabel: z.string().trim().max(40).default(""),
};

/** A social link needs its label ("Facebook"): the refinement of a schema that has `socialFields`. */
export const socialLabelNeeded: [(v: { socialUrl: string; socialLabel: string }) => boolean, { path: string[]; message: string }] = [
  (v) => v.socialUrl === "" || v.socialLabel !== "",
  { path: ["socialLabel"], message: "Please enter the link's label, e.g. Facebook" },
];
