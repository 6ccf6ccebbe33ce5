import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/people";
import { FormAlert, FormField, formFieldsOf } from "#app/ui/FormField.tsx";
import { Modal } from "#app/ui/Modal.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { deleteInvitation, isTwoFactorRequired, listPendingInvitations, listPeople, setTwoFactorRequired } from "#app/accounts/data/people.server.ts";
import { changeRole, invite, PeopleError, removePerson } from "#app/accounts/people.server.ts";
import { ROLE_LABELS, ROLES } from "#app/accounts/roles.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("people");
const BASE = "/admin/people";

export function meta() {
  return screenMeta(SCREEN);
}

/** The invitation form: an address and a role. */
const InviteSchema = z.object({
  email: z.email("Please enter the email address of the person to invite").max(254, "At most 254 characters"),
  role: z.enum(ROLES, "Please choose a role"),
});

const IdSchema = z.object({ id: z.string().min(1).max(200) });
const RoleSchema = z.object({ id: z.string().min(1).max(200), role: z.enum(ROLES, "Please choose a role") });

/** A moment as the association reads it: "Nov 27, 2026, 9:41 AM". */
function when(ms: number, timeZone: string): string {
  return new Date(ms).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
}

/** What the screen says after a change (the `done` query value), with the address concerned. */
const DONE: Record<string, (who: string) => string> = {
  invited: (who) => `An invitation was sent to ${who}. The link works once, for 7 days.`,
  withdrawn: (who) => `The invitation to ${who} was withdrawn; its link no longer works.`,
  role: (who) => `The role of ${who} was changed.`,
  removed: (who) => `${who} no longer has access; their sessions have ended.`,
  "two-factor": () => "The two-factor setting was saved.",
};

export async function loader(args: Route.LoaderArgs) {
  const { user, services, url } = adminRequest(args);
  const { timeZone } = await getAssociationDetails(services.db);
  const now = Date.now();
  const people = (await listPeople(services.db)).map((p) => ({
    ...p,
    lastSignIn: p.lastSignInAt === null ? "Never" : when(p.lastSignInAt, timeZone),
    you: p.id === user.id,
  }));
  const invitations = (await listPendingInvitations(services.db)).map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    invitedBy: i.invitedBy,
    sent: when(i.createdAt, timeZone),
    expired: !(i.expiresAt > now),
    expires: when(i.expiresAt, timeZone),
  }));
  const removeId = url.searchParams.get("remove");
  const done = url.searchParams.get("done");
  return {
    people,
    invitations,
    removing: people.find((p) => p.id === removeId) ?? null,
    requireTwoFactor: await isTwoFactorRequired(services.db),
    limits: formLimits(InviteSchema),
    done: done && DONE[done] ? DONE[done](doneWho(url.searchParams.get("who"))) : null,
  };
}

/**
 * The address a "done" message names, from the redirect's `who`: only a well-formed address is repeated, so a link
 * crafted by someone else cannot put sentences of its own on an Administrator's screen.
 */
function doneWho(value: string | null): string {
  return value !== null && value.length <= 254 && z.email().safeParse(value).success ? value : "that person";
}

const doneUrl = (done: string, who = "") => `${BASE}?done=${done}${who ? `&who=${encodeURIComponent(who)}` : ""}`;

/** Invites, withdraws an invitation, changes a role, removes someone, or requires two-factor sign-in. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "invite") {
      const parsed = parseForm(InviteSchema, form);
      if (!parsed.ok) return data<FormResult>({ ...parsed.result, values: { ...parsed.result.values, intent: "invite" } }, { status: 400 });
      const { name } = await getAssociationDetails(services.db);
      const invitation = await invite({ ...services, publicUrl: services.config.publicUrl }, { email: parsed.data.email, role: parsed.data.role, by: user.email, siteName: name });
      return redirect(doneUrl("invited", invitation.email));
    }
    if (intent === "withdraw") {
      const parsed = parseForm(IdSchema, form);
      const invitation = parsed.ok ? (await listPendingInvitations(services.db)).find((i) => i.id === parsed.data.id) : undefined;
      if (!invitation || !(await deleteInvitation(services.db, invitation.id))) return data<FormResult>({ formError: "This invitation was already used or withdrawn." }, { status: 404 });
      services.logger.info({ email: invitation.email, by: user.email }, "invitation withdrawn");
      return redirect(doneUrl("withdrawn", invitation.email));
    }
    if (intent === "role") {
      const parsed = parseForm(RoleSchema, form);
      if (!parsed.ok) return data<FormResult>({ formError: "Please choose a role." }, { status: 400 });
      await changeRole(services.auth, parsed.data.id, parsed.data.role);
      const person = (await listPeople(services.db)).find((p) => p.id === parsed.data.id);
      services.logger.info({ email: person?.email, role: parsed.data.role, by: user.email }, "role changed");
      return redirect(doneUrl("role", person?.email ?? ""));
    }
    if (intent === "remove") {
      const parsed = parseForm(IdSchema, form);
      if (!parsed.ok) return data<FormResult>({ formError: "This person no longer has access." }, { status: 404 });
      const { email } = await removePerson(services.auth, parsed.data.id);
      services.logger.info({ email, by: user.email }, "person removed");
      return redirect(doneUrl("removed", email));
    }
    if (intent === "two-factor") {
      await setTwoFactorRequired(services.db, form.get("requireTwoFactor") === "on");
      return redirect(doneUrl("two-factor"));
    }
  } catch (error) {
    if (error instanceof PeopleError) return data<FormResult>({ formError: error.message, values: intent === "invite" ? { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") } : {} }, { status: 409 });
    throw error;
  }
  return data<FormResult>({ formError: "This form was not understood. Please try again." }, { status: 400 });
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { people, invitations, removing, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  const field = formFieldsOf(loaderData.limits, actionData, actionData?.values);
  const chosenRole = actionData?.values?.role ?? "editor";
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        Who can sign in to this admin panel. An Administrator can do everything; an Editor keeps the news, events, documents, beach data, banner and the site's
        texts, but not People, Settings, Subscribers or member email.
      </p>
      <FormAlert result={actionData} />
      {done && !actionData && (
        <p className="success" role="status">
          {done}
        </p>
      )}

      <h2 id="people-with-access">Who has access</h2>
      <ul className="cards people" aria-labelledby="people-with-access">
        {people.map((p) => (
          <li key={p.id} className="card stack">
            <h3>
              {p.name}
              {p.you ? " (you)" : ""}
            </h3>
            <dl className="facts">
              <dt>Email</dt>
              <dd>{p.email}</dd>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[p.role]}</dd>
              <dt>Last signed in</dt>
              <dd>{p.lastSignIn}</dd>
              <dt>Two-factor sign-in</dt>
              <dd>{p.twoFactorEnabled ? "On" : "Off"}</dd>
            </dl>
            <Form method="post" className="inline-form">
              <input type="hidden" name="id" value={p.id} />
              <label htmlFor={`role-${p.id}`}>Role of {p.email}</label>
              <select id={`role-${p.id}`} name="role" defaultValue={p.role}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="role" className="button secondary" disabled={busy}>
                Change role
              </button>
            </Form>
            <p>
              <Link to={`${BASE}?remove=${encodeURIComponent(p.id)}`} className="button secondary" aria-label={`Remove ${p.email}`} preventScrollReset>
                Remove
              </Link>
            </p>
          </li>
        ))}
      </ul>

      <h2 id="pending-invitations">Invitations</h2>
      {invitations.length === 0 ? (
        <p className="muted">No invitation is waiting.</p>
      ) : (
        <ul className="cards people" aria-labelledby="pending-invitations">
          {invitations.map((i) => (
            <li key={i.id} className="card stack">
              <h3>{i.email}</h3>
              <p>
                {ROLE_LABELS[i.role]}, invited by {i.invitedBy} on {i.sent}. {i.expired ? `Expired on ${i.expires}.` : `The link works until ${i.expires}.`}
              </p>
              <Form method="post">
                <input type="hidden" name="id" value={i.id} />
                <button type="submit" name="intent" value="withdraw" className="button secondary" aria-label={`Withdraw the invitation to ${i.email}`} disabled={busy}>
                  Withdraw
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <h2>Invite someone</h2>
      <Form method="post" className="stack">
        <FormField label="Email" type="email" autoComplete="off" hint="They get a link that works once, for 7 days." {...field("email")} />
        <div>
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" name="role" defaultValue={chosenRole}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <p>
          <button type="submit" name="intent" value="invite" className="button" disabled={busy}>
            Send invitation
          </button>
        </p>
      </Form>

      <h2>Two-factor sign-in</h2>
      <Form method="post" className="stack">
        <div className="checkbox">
          <input type="checkbox" id="require-two-factor" name="requireTwoFactor" defaultChecked={loaderData.requireTwoFactor} />
          <label htmlFor="require-two-factor">Require two-factor sign-in for everyone</label>
        </div>
        <p className="muted">Someone who has not set it up is sent to Your account to do so after signing in, before any other screen.</p>
        <p>
          <button type="submit" name="intent" value="two-factor" className="button secondary" disabled={busy}>
            Save two-factor setting
          </button>
        </p>
      </Form>

      {removing && (
        <Modal title={`Remove ${removing.email}?`} closeTo={BASE}>
          <p>
            {removing.email} will no longer be able to sign in, and any session they have open ends at once. What they wrote stays on the site.
          </p>
          <Form method="post" className="button-row">
            <input type="hidden" name="id" value={removing.id} />
            <button type="submit" name="intent" value="remove" className="button danger" disabled={busy}>
              Remove
            </button>
            <Link to={BASE} className="button secondary" preventScrollReset>
              Cancel
            </Link>
          </Form>
        </Modal>
      )}
    </>
  );
}
