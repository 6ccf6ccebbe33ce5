/**
 * The URL at which a process on this machine reaches this server (scripts, health checks, the server calling
 * itself), from the address it listens on. Shared by the server and the command-line scripts.
 */

/**
 * This server's own URL, without a trailing slash.
 * @param host the address the server listens on (HOST): an IPv4 address, an IPv6 address with or without brackets,
 *   or a host name. The wildcard addresses are not addresses one can connect to, so `0.0.0.0` becomes `127.0.0.1`
 *   and `::` becomes `[::1]`.
 * @param port the TCP port, 1 to 65535
 * @returns e.g. "http://127.0.0.1:3000", "http://[::1]:3000", "http://[fe80::1]:8080", "http://localhost:3000"
 */
export function ownUrl(host: string, port: number): string {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const reachable = bare === "0.0.0.0" ? "127.0.0.1" : bare === "::" ? "::1" : bare;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/** `target` (a path, or an address already absolute) as an absolute address under `base` (no trailing slash). */
export function absoluteUrl(base: string, target: string): string {
  return new URL(target, `${base}/`).href;
}
