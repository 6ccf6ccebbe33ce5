/**
 * A real SMTP server for the outbox tests (the smtp-server package, plain SMTP on 127.0.0.1, no authentication unless
 * `login` asks for one): it
 * records every RCPT TO it saw and every message it accepted (250 after DATA), can refuse chosen addresses at RCPT
 * with a given code (550 for good, 451 for now), can take its time over each message, and lets a test act on each
 * message before it is accepted (e.g. kill the sender), or refuse it.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./server.ts";

/** A message the server accepted (its DATA was answered 250). */
export interface AcceptedMail {
  /** The envelope recipient (one per message: the outbox sends each recipient its own). */
  to: string;
  raw: string;
  /** The message parsed by mailparser, when the sink was started with `parse`. */
  mail?: ParsedMail;
}

export interface SmtpSinkOptions {
  /** Waits this long after a message's data has arrived, before answering it, in milliseconds. */
  delayMs?: number;
  /**
   * Called with the 1-based number of each message whose data has arrived, before it is answered; returning false
   * refuses the message (451) instead of accepting it.
   */
  beforeAccept?: (count: number, to: string[]) => boolean;
  /** Parse each accepted message with mailparser (`AcceptedMail.mail`) before it is recorded. */
  parse?: boolean;
  /**
   * Require this login (AUTH PLAIN or LOGIN, over the plain connection) before any message; a wrong one is refused
   * with 535. Without it the server offers no AUTH.
   */
  login?: { user: string; password: string };
}

export interface SmtpSink {
  url: string;
  /** Every address given in RCPT TO, refused or not, in order. */
  rcpts: string[];
  accepted: AcceptedMail[];
  /** Addresses (lower-cased) refused at RCPT TO, with the reply code. */
  refuse: Map<string, number>;
  /** How many accepted messages went to `address`. */
  acceptedFor(address: string): number;
  close(): Promise<void>;
}

/** Starts the server on a free port. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const rcpts: string[] = [];
  const accepted: AcceptedMail[] = [];
  const refuse = new Map<string, number>();
  let dataCount = 0;
  const login = options.login;
  const server = new SMTPServer({
    authOptional: !login,
    disabledCommands: login ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    ...(login
      ? {
          allowInsecureAuth: true,
          authMethods: ["PLAIN", "LOGIN"],
          onAuth(auth, _session, callback) {
            if (auth.username === login.user && auth.password === login.password) callback(null, { user: auth.username });
            else callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
          },
        }
      : {}),
    logger: false,
    // Many messages over one pooled connection, and two workers at once in some tests.
    maxClients: 50,
    onRcptTo(address, _session, callback) {
      rcpts.push(address.address);
      const code = refuse.get(address.address.toLowerCase());
      if (code !== undefined) {
        const error = new Error(code >= 500 ? "5.1.1 Mailbox does not exist" : "4.2.1 Mailbox busy, try later") as Error & { responseCode: number };
        error.responseCode = code;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const count = ++dataCount;
        const to = session.envelope.rcptTo.map((r) => r.address);
        const answer = () => {
          if (options.beforeAccept && !options.beforeAccept(count, to)) {
            const error = new Error("4.3.0 Not accepted") as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const bytes = Buffer.concat(chunks);
          const raw = bytes.toString("utf8");
          if (!options.parse) {
            for (const address of to) accepted.push({ to: address, raw });
            callback();
            return;
          }
          void simpleParser(bytes).then((mail) => {
            for (const address of to) accepted.push({ to: address, raw, mail });
            callback();
          });
        };
        if (options.delayMs) setTimeout(answer, options.delayMs);
        else answer();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    rcpts,
    accepted,
    refuse,
    acceptedFor: (address) => accepted.filter((m) => m.to.toLowerCase() === address.toLowerCase()).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
