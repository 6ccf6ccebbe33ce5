/** The mail forms: email to members (spec §5), the public subscription form (issue 11) and the contact form (issue 28). */
import { z } from "zod";
import { cleanText, stripBidiControls } from "#app/platform/text/text.ts";
import { SUBSCRIBER_LISTS, type SubscriberList } from "./mail-texts.ts";

/** One checkbox per list a resident may subscribe to, named `list-<list>`. */
const LIST_CHOICES = Object.fromEntries(SUBSCRIBER_LISTS.map((list) => [`list-${list}`, z.literal("on").optional()])) as Record<
  `list-${SubscriberList}`,
  z.ZodOptional<z.ZodLiteral<"on">>
>;

/** Email to members (spec §5). */
export const memberEmailSchema = z.object({
  subject: z.string().trim().min(1, "Please enter an email subject").max(300).refine((v) => !/[\r\n]/.test(v), "The subject must be one line"),
  message: z.string().trim().min(1, "Please enter an email message").max(100_000),
});

/**
 * The public "Get beach alerts and news" form (issue 11): an address and at least one list, each a checkbox named
 * `list-<list>`. The address is trimmed and lower-cased; one line only (no header injection), at most 254 characters
 * (RFC 5321's path limit).
 */
export const subscribeSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Please enter your email address")
      .max(254, "That address is too long")
      .pipe(z.email("Please enter a valid email address, like name@example.org")),
    ...LIST_CHOICES,
  })
  .refine((v) => SUBSCRIBER_LISTS.some((list) => v[`list-${list}`]), { message: "Choose at least one list", path: ["lists"] });

/**
 * Settings → Email (issue 26): the SMTP server (host "" for none: mail is saved as files), its login, the sender,
 * and the address a test message goes to. The password is never shown back: left empty, the saved one is kept.
 */
export const mailSettingsSchema = z.object({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, "That name is too long")
    .default("")
    .refine((v) => v === "" || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(v), "Please enter the server's name, like smtp.example.org"),
  port: z.coerce
    .number({ error: "Please enter the port, a number such as 587" })
    .int("Please enter the port, a number such as 587")
    .min(1, "Please enter a port from 1 to 65535")
    .max(65535, "Please enter a port from 1 to 65535"),
  security: z.enum(["starttls", "tls", "none"], { error: "Please choose how the connection is protected" }).default("starttls"),
  user: z.string().trim().max(254, "That user name is too long").default(""),
  password: z.string().max(500, "That password is too long").default(""),
  fromAddress: z
    .string()
    .trim()
    .max(254, "That address is too long")
    .default("")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address, like board@heronlake.org"),
  fromName: z.string().trim().max(100, "At most 100 characters").default(""),
  testTo: z.string().trim().max(254, "That address is too long").default(""),
});

/** What Settings → Email submits, as parsed. */
export type MailSettingsInput = z.output<typeof mailSettingsSchema>;

/** One line of text: trimmed, with no line breaks, control or bidirectional formatting characters (it goes into a mail's Subject). */
const oneLine = (value: string) => stripBidiControls(cleanText(value)).replace(/\s+/g, " ").trim();

/**
 * "Write to the board" on /contact-us (issue 28; its spam rules are in contact.ts). The name is one line (it is in
 * the mail's Subject, so no header can be smuggled in); the address is trimmed and checked, at most 254 characters
 * (RFC 5321), and becomes the mail's Reply-To; the message keeps its line breaks (CRLF as LF) without control
 * characters.
 */
export const contactSchema = z.object({
  name: z.string().transform(oneLine).pipe(z.string().min(1, "Please enter your name").max(100, "At most 100 characters")),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address, so that the board can answer")
    .max(254, "That address is too long")
    .pipe(z.email("Please enter a valid email address, like name@example.org")),
  message: z
    .string()
    .transform((v) => cleanText(v).trim())
    .pipe(z.string().min(1, "Please write your message").max(5000, "At most 5000 characters")),
});
export type ContactInput = z.output<typeof contactSchema>;

