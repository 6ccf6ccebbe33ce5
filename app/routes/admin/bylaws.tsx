import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bylaws";
import { changedColumn, type Column } from "#app/ui/AdminList.tsx";
import { FormAlert, FormField, formFieldsOf } from "#app/ui/FormField.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, authorOf, listAction } from "#app/web/admin-screens.server.ts";
import { formFields, formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { loadOrderedList, orderedListScreen } from "#app/web/ordered-screens.server.ts";
import { associationNumbers, getAssociationNumbers, saveAssociationNumbers } from "#app/site/data/governance.server.ts";
import { bylawsArticles } from "#app/site/data/site-content.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("bylaws");
const BASE = "/admin/bylaws";

export function meta() {
  return screenMeta(SCREEN);
}

/** An article: its number ("Article I"), title and sections (Markdown), all required. */
const ArticleSchema = z.object({
  number: z.string().trim().min(1, "Please enter the article's number, e.g. Article I").max(60),
  title: z.string().trim().min(1, "Please enter the article's title").max(200),
  sections: z.string().trim().min(1, "Please enter the article's text").max(20_000),
});

/** The governance numbers the bylaws name (spec §9): members, days, seats, years. */
const NumbersSchema = associationNumbers.pick({ quorum: true, noticeDays: true, boardSize: true, termYears: true });

const articles = orderedListScreen({
  base: BASE,
  noun: "bylaws article",
  list: bylawsArticles,
  schema: ArticleSchema,
  toForm: (a) => ({ number: a.number, title: a.title, sections: a.sections }),
  blank: { number: "", title: "", sections: "" },
});

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const [list, numbers] = await Promise.all([loadOrderedList(args, articles, (a) => ({ title: `${a.number}: ${a.title}` })), getAssociationNumbers(services.db)]);
  const { quorum, noticeDays, boardSize, termYears } = numbers;
  return { ...list, numbers: { quorum, noticeDays, boardSize, termYears }, numberLimits: formLimits(NumbersSchema), numbersSaved: url.searchParams.has("numbers-saved") };
}

export async function action(args: Route.ActionArgs) {
  const fields = formFields(await args.request.clone().formData());
  if (fields.intent !== "numbers") return listAction(args, articles);
  const { user, services } = adminRequest(args);
  const parsed = parseForm(NumbersSchema, fields);
  if (!parsed.ok) return data<FormResult & { numbers: true }>({ ...parsed.result, numbers: true }, { status: 400 });
  await saveAssociationNumbers(services.db, parsed.data, authorOf(user));
  return redirect(`${BASE}?numbers-saved`);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, "order">[] = [{ header: "Article", cell: (a) => a.title }, changedColumn()];

const FIELDS: FieldSpec[] = [
  { name: "number", label: "Number", placeholder: "Article I" },
  { name: "title", label: "Title" },
  {
    name: "sections",
    label: "Sections",
    rows: 12,
    type: "markdown",
    hint: "One paragraph per section. {quorum}, {noticeDays}, {boardSize}, {termYears}, {duesDollars} and {duesDate} are replaced by the numbers set on this page and on Pages.",
  },
];

export default function AdminBylaws({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const numbersResult = actionData && "numbers" in actionData ? actionData : undefined;
  const listResult = numbersResult ? undefined : actionData;
  const field = formFieldsOf(loaderData.numberLimits, numbersResult, Object.fromEntries(Object.entries(loaderData.numbers).map(([k, v]) => [k, String(v)])));
  return (
    <>
      <ListScreenView heading={SCREEN.heading} base={BASE} {...loaderData} result={listResult} columns={COLUMNS} fields={FIELDS} empty={SCREEN.emptyText ?? ""} noun="Article" plural="articles" movable />
      <section aria-labelledby="numbers-heading" className="spaced">
        <h2 id="numbers-heading">Meetings and the board</h2>
        <FormAlert result={numbersResult} />
        {loaderData.numbersSaved && !numbersResult && (
          <p className="success" role="status">
            The numbers were saved.
          </p>
        )}
        <Form method="post" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="numbers" />
          <FormField label="Quorum (members)" type="number" inputMode="numeric" {...field("quorum")} />
          <FormField label="Notice of meetings (days)" type="number" inputMode="numeric" {...field("noticeDays")} />
          <FormField label="Board size (directors)" type="number" inputMode="numeric" {...field("boardSize")} />
          <FormField label="Board term (years)" type="number" inputMode="numeric" {...field("termYears")} />
          <p>
            <button type="submit" className="button" disabled={busy}>
              Save Numbers
            </button>
          </p>
        </Form>
      </section>
    </>
  );
}
