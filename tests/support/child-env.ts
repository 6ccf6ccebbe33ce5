/**
 * The environment of every process a test starts (the server, the scripts, the tools they run): what a process needs
 * from this machine, taken by name, and what the test gives; nothing else of the caller's. A deployment's shell
 * exports Shoreline's settings (ADMIN_EMAIL, DATABASE_URL, SMTP_URL, …): inherited, they turned the new install a
 * test started into one with an administrator, and it printed no setup link (issue 25).
 */

/**
 * What a process takes from the machine: where programs are (PATH: node, npm, pg_dump, taskset), the user and home
 * folder (npm's cache), the temporary folder, the time zone and the locale (LANG, LANGUAGE and every LC_*). Never a
 * Shoreline setting (`SETTING_NAMES`, NODE_ENV among them: a server a test starts runs as `node server/main.js`
 * does, in production, unless the test says otherwise), nor NODE_OPTIONS (a test runner puts its own loader there),
 * nor a library's settings (PG*, AWS_*, BETTER_AUTH_*): each would make the process under test another one.
 */
const FROM_MACHINE = new Set(["PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "TZ", "LANG", "LANGUAGE"]);
const LOCALE = /^LC_[A-Z_]+$/;

/**
 * A new environment for a child process: the machine's part of this process's environment (`FROM_MACHINE`, the
 * locale) with `env` laid over it.
 * @param env what the test gives, e.g. `{ DATA_DIR: dir, PORT: "41234" }`; a key set to undefined is left out (to
 *   take back a default a helper gives, e.g. `{ ADMIN_EMAIL: undefined }`)
 */
export function childEnv(env: Record<string, string | undefined> = {}): Record<string, string> {
  const child: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && (FROM_MACHINE.has(name) || LOCALE.test(name))) child[name] = value;
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete child[name];
    else child[name] = value;
  }
  return child;
}
