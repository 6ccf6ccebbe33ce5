/**
 * What every command-line script shares: its arguments parsed with Node's `util.parseArgs`, its configuration read
 * the same way, and one mapping from outcome to exit status and message:
 *   0  done (also `--help`, which prints the usage on stdout)
 *   1  failed or refused, or a bad configuration (the same status `npm start` uses for one): one line saying why
 *   2  a wrong command line: what is wrong, then the usage
 * A script is `await runCli(USAGE, async () => { ... })`; it throws `UsageError` or `CliError` for the expected
 * cases, and anything else is a bug, printed with its stack (exit 1).
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { ConfigError, loadConfig, type Config } from "#app/platform/config.server.ts";

/** Exit statuses shared by every script. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A wrong command line; `runCli` prints the message (when there is one) and the usage, and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** An expected failure with a message for the operator, printed without a stack trace; exits 1 unless told. */
export class CliError extends Error {
  override name = "CliError";
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.failed) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** `--help` / `-h` was given: `runCli` prints the usage on stdout and exits 0. */
class HelpRequested extends Error {}

const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * Parses a script's command line with `util.parseArgs` (strict: an unknown option is a usage error). `--help` and
 * `-h` are always understood.
 * @param args the arguments after the script's name, e.g. `process.argv.slice(2)`
 * @param spec.options the options, as `util.parseArgs` takes them
 * @param spec.positionals how many positional arguments are allowed (default: none)
 * @returns the option values and the positional arguments
 * @throws UsageError for an unknown option, a missing option value, or too few or too many positional arguments
 */
export function parseCommandLine<const O extends ParseArgsOptionsConfig = Record<never, never>>(
  args: readonly string[],
  spec: { options?: O; positionals?: { min?: number; max?: number } } = {},
) {
  const options = { ...spec.options, ...HELP } as O & typeof HELP;
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help === true) throw new HelpRequested();
  const { min = 0, max = 0 } = spec.positionals ?? {};
  const count = parsed.positionals.length;
  if (count < min) throw new UsageError(count === 0 ? "" : `Expected at least ${min} argument${min === 1 ? "" : "s"}, got ${count}.`);
  if (count > max) throw new UsageError(`Expected at most ${max} argument${max === 1 ? "" : "s"}, got ${count}: ${parsed.positionals.join(" ")}`);
  return { values: parsed.values, positionals: parsed.positionals };
}

/**
 * The configuration for a script (see the README's table), read without side effects: nothing is written to
 * DATA_DIR. ADMIN_EMAIL and ADMIN_PASSWORD are left out: only the server's start makes that administrator, so a
 * half-set pair does not stop a backup, and `npm run admin` reads ADMIN_PASSWORD itself.
 * @throws ConfigError naming every bad variable (`runCli` prints it and exits 1)
 */
export function loadScriptConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
}

/**
 * The exit status for what a script threw, after printing what the operator needs (see the top of this file).
 * @param usage the script's usage text
 */
export function reportError(error: unknown, usage: string): number {
  if (error instanceof HelpRequested) {
    console.log(usage);
    return EXIT.ok;
  }
  if (error instanceof UsageError) {
    if (error.message) console.error(error.message);
    console.error(usage);
    return EXIT.usage;
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    return EXIT.failed;
  }
  if (error instanceof CliError) {
    console.error(error.message);
    return error.exitCode;
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return EXIT.failed;
}

/**
 * Runs a script's body and sets `process.exitCode` from its outcome: the number it returns (default 0), or the
 * status `reportError` gives for what it throws. Never throws.
 * @param usage the script's usage text, printed for `--help` and after a usage error
 */
export async function runCli(usage: string, main: () => Promise<number | void> | number | void): Promise<void> {
  try {
    process.exitCode = (await main()) ?? EXIT.ok;
  } catch (error) {
    process.exitCode = reportError(error, usage);
  }
}
