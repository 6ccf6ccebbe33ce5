import { z } from "zod";
import type { Route } from "./+types/faq";
import { changedColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { listAction } from "#app/web/admin-screens.server.ts";
import { loadOrderedList, orderedListScreen } from "#app/web/ordered-screens.server.ts";
import { questions } from "#app/site/data/site-content.server.ts";
import { screen, screenMeta } from "./screens.ts";
import { PLACEHOLDER_HINT } from "#app/site/placeholders.ts";

const SCREEN = screen("faq");
const BASE = "/admin/faq";

export function meta() {
  return screenMeta(SCREEN);
}

/** A question and its answer, both required (the answer in Markdown). */
const QuestionSchema = z.object({
  question: z.string().trim().min(1, "Please enter the question").max(300),
  answer: z.string().trim().min(1, "Please enter the answer").max(10_000),
});

const faq = orderedListScreen({
  base: BASE,
  noun: "question",
  list: questions,
  schema: QuestionSchema,
  toForm: (q) => ({ question: q.question, answer: q.answer }),
  blank: { question: "", answer: "" },
});

export function loader(args: Route.LoaderArgs) {
  return loadOrderedList(args, faq, (q) => ({ title: q.question }));
}

export function action(args: Route.ActionArgs) {
  return listAction(args, faq);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, "order">[] = [{ header: "Question", cell: (q) => q.title }, changedColumn()];

const FIELDS: FieldSpec[] = [
  { name: "question", label: "Question" },
  { name: "answer", label: "Answer", rows: 8, type: "markdown", hint: PLACEHOLDER_HINT },
];

export default function AdminFaq({ loaderData, actionData }: Route.ComponentProps) {
  return <ListScreenView heading={SCREEN.heading} base={BASE} {...loaderData} result={actionData} columns={COLUMNS} fields={FIELDS} empty={SCREEN.emptyText ?? ""} noun="Question" plural="questions" movable />;
}
