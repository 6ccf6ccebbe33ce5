/**
 * Administrator accounts from the command line:
 *   npm run admin -- add EMAIL              creates an administrator
 *   npm run admin -- reset-password EMAIL   sets a new password and ends the account's sessions
 * The password comes from ADMIN_PASSWORD, or is asked for on the terminal (not echoed). Exit codes: 0 done,
 * 1 refused (e.g. the account exists already, or does not), 2 usage or configuration error.
 */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { z } from "zod";
import { ensureAdmin } from "#app/lib/auth.server.ts";
import { ConfigError, loadConfig } from "#app/lib/config.server.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/lib/passwords.ts";
import { closeServices, createServices, prepareServices } from "#app/lib/services.server.ts";

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

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== "add" && command !== "reset-password") || !email) {
    console.error(USAGE);
    return 2;
  }
  if (!z.email().safeParse(email).success) {
    console.error(`Not an email address: ${email}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const password = await askPassword();
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    console.error(`The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
    return 2;
  }
  const services = createServices(config, createLogger("warn"));
  try {
    await prepareServices(services);
    const ctx = await services.auth.$context;
    const exists = (await ctx.internalAdapter.findUserByEmail(email.toLowerCase())) !== null;
    if (command === "add" && exists) {
      console.error(`${email} is an administrator already; use reset-password to change its password.`);
      return 1;
    }
    if (command === "reset-password" && !exists) {
      console.error(`There is no administrator ${email}; use add to create one.`);
      return 1;
    }
    const outcome = await ensureAdmin(services.auth, email, password);
    if (outcome === "created") console.log(`Administrator ${email} added.`);
    else if (outcome === "updated") console.log(`Password of ${email} changed; its sessions were ended.`);
    else console.log(`${email} already has that password; nothing changed.`);
    return 0;
  } finally {
    await closeServices(services);
  }
}

process.exitCode = await main();
