import { z } from "zod";
import type { Route } from "./+types/businesses";
import { changedColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { listAction } from "#app/web/admin-screens.server.ts";
import { loadOrderedList, orderedListScreen } from "#app/web/ordered-screens.server.ts";
import { businesses } from "#app/site/data/site-content.server.ts";
import { BUSINESS_CATEGORIES } from "#app/site/business-categories.ts";
import { webAddressField } from "#app/platform/text/forms.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("businesses");
const BASE = "/admin/businesses";

export function meta() {
  return screenMeta(SCREEN);
}

/**
 * A phone number as people write it: digits with spaces, dots, dashes, parentheses and a leading +, 7 to 15 digits
 * (ITU-T E.164 allows at most 15).
 */
const PHONE = /^\+?[\d\s().-]+$/;

/** A local business (spec §3: five categories); the phone and the link may be empty, but must be real when given. */
const BusinessSchema = z.object({
  name: z.string().trim().min(1, "Please enter the business's name").max(200),
  category: z.enum(BUSINESS_CATEGORIES, "Please choose one of the categories"),
  address: z.string().trim().max(300).default(""),
  phone: z
    .string()
    .trim()
    .max(30)
    .default("")
    .refine((v) => v === "" || (PHONE.test(v) && /^(\D*\d){7,15}\D*$/.test(v)), "Please enter a phone number such as (608) 555-0112, or leave it empty"),
  // www.example.com is read as https://www.example.com (issue 26).
  link: webAddressField("Please enter a full web address starting with https://, or leave it empty"),
});

const screenOf = orderedListScreen({
  base: BASE,
  noun: "business",
  plural: "businesses",
  list: businesses,
  schema: BusinessSchema,
  toForm: (b) => ({ name: b.name, category: b.category, address: b.address, phone: b.phone, link: b.link }),
  blank: { name: "", category: BUSINESS_CATEGORIES[0], address: "", phone: "", link: "" },
});

export function loader(args: Route.LoaderArgs) {
  return loadOrderedList(args, screenOf, (b) => ({ title: b.name, category: b.category }));
}

export function action(args: Route.ActionArgs) {
  return listAction(args, screenOf);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, "order">[] = [{ header: "Name", cell: (b) => b.title }, { header: "Category", cell: (b) => b.category }, changedColumn()];

const FIELDS: FieldSpec[] = [
  { name: "name", label: "Name" },
  { name: "category", label: "Category", options: BUSINESS_CATEGORIES },
  { name: "address", label: "Address" },
  { name: "phone", label: "Phone", type: "tel", placeholder: "(608) 555-0112" },
  // A text input: the browser's own url check would refuse www.example.com before the server reads it as https://.
  { name: "link", label: "Web page", inputMode: "url", placeholder: "www.example.com", hint: "Opened by the card's Link button." },
];

export default function AdminBusinesses({ loaderData, actionData }: Route.ComponentProps) {
  return <ListScreenView heading={SCREEN.heading} base={BASE} {...loaderData} result={actionData} columns={COLUMNS} fields={FIELDS} empty={SCREEN.emptyText ?? ""} noun="Business" plural="businesses" movable />;
}
