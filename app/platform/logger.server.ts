/** The one pino logger. JSON lines on standard output; the level comes from LOG_LEVEL. */
import { pino, type Logger } from "pino";

export type { Logger };

/** Creates the process logger. Sensitive fields (passwords, cookies, authorization headers) are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: ["password", "*.password", "req.headers.cookie", "req.headers.authorization", "headers.cookie"],
  });
}
