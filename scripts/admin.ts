/**
 * Administrator accounts from the command line:
 *   npm run admin -- add EMAIL              creates an administrator
 *   npm run admin -- reset-password EMAIL   sets a new password and ends the account's sessions
 * Either way the account is an Administrator afterwards (issue 26: the way back in when nobody who can manage People
 * can sign in; an Editor's account given to reset-password is made an Administrator, and its two-factor sign-in is
 * turned off, for someone who lost their phone and recovery codes).
 * The password comes from ADMIN_PASSWORD, or is asked for on the terminal (not echoed). Like the server's start, it
 * makes the data folder, the database and the session secret of a new install. Exit codes (scripts/lib/cli.ts):
 * 0 done, 1 refused (e.g. the account exists already, or does not) or a bad configuration, 2 usage error (also a
 * password of the wrong length, or an email address that is not one).
 */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { z } from "zod";
import { ensureAdmin } from "#app/accounts/auth.server.ts";
import { turnOffTwoFactor } from "#app/accounts/people.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { closeServices, createServices, prepareServices } from "#app/web/services.server.ts";
import { CliError, EXIT, loadScriptConfig, parseCommandLine, runCli, UsageError } from "./lib/cli.ts";

const USAGE = "Usage: npm run admin -- add EMAIL | reset-password EMAIL";

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const question = rl.question("Password: ");
  muted = true;
  const password = await question;
  rl.close();
  process.stdout.write("\n");
  return password;
}

async function main(): Promise<void> {
  const [command, email = ""] = parseCommandLine(process.argv.slice(2), { positionals: { min: 2, max: 2 } }).positionals;
  if (command !== "add" && command !== "reset-password") throw new UsageError(`Unknown command: ${command}`);
  if (!z.email().safeParse(email).success) throw new UsageError(`Not an email address: ${email}`);
  const config = loadScriptConfig();
  const password = await askPassword();
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new CliError(`The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`, EXIT.usage);
  }
  const services = createServices(config, createLogger("warn"));
  try {
    await prepareServices(services);
    const ctx = await services.auth.$context;
    const exists = (await ctx.internalAdapter.findUserByEmail(email.toLowerCase())) !== null;
    if (command === "add" && exists) throw new CliError(`${email} is an administrator already; use reset-password to change its password.`);
    if (command === "reset-password" && !exists) throw new CliError(`There is no administrator ${email}; use add to create one.`);
    const outcome = await ensureAdmin(services.auth, email, password);
    if (command === "reset-password" && (await turnOffTwoFactor(services.auth, email))) console.log(`Two-factor sign-in of ${email} was turned off; it can be set up again on Your account.`);
    if (outcome === "created") console.log(`Administrator ${email} added.`);
    else if (outcome === "updated") console.log(`Password of ${email} changed; its sessions were ended. It is an Administrator.`);
    else console.log(`${email} already has that password; it is an Administrator.`);
  } finally {
    await closeServices(services);
  }
}

await runCli(USAGE, main);
