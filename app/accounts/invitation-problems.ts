/**
 * What an invitation page says when its link does not work (issue 26: a link used twice or expired says so clearly).
 * Shared by server and browser (the page's error boundary): imports nothing.
 */
export const INVITATION_PROBLEMS = {
  used: "This invitation has already been used. If it was you, sign in with the email address and password you chose.",
  expired: "This invitation has expired: links work for 7 days. Ask an administrator to invite you again.",
  unknown: "This invitation link is not valid. It may have been withdrawn or replaced by a newer one; ask an administrator to invite you again.",
} as const;
