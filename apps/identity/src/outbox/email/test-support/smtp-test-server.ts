import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server inside the test process, on 127.0.0.1 and a free port. Each DATA command
// is one delivery attempt; `respond` decides per attempt whether the server takes the mail,
// rejects it with a temporary 451, or stalls without ever answering (a hung server).

export type SmtpAnswer = "accept" | "reject" | "stall";

export interface ReceivedMail {
  recipients: string[];
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** For `courier.smtp.connection_uri`: plain SMTP, as for a local MailDev. */
  url: string;
  /** Mails the server accepted, in order. */
  mails: ReceivedMail[];
  /** How many DATA commands arrived, whatever the answer. */
  attempts(): number;
  respond: (attempt: number) => SmtpAnswer;
  waitFor(check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A client killed mid-send (the dispatcher-kill test) resets its socket; smtp-server reports
 * that as an "error" event, which would otherwise surface as an uncaught exception.
 */
export function tolerateClientResets(server: SMTPServer): void {
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let attempts = 0;
  const handle: TestSmtpServer = {
    url: "",
    mails,
    attempts: () => attempts,
    respond: () => "accept",
    waitFor,
    close,
  };

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    closeTimeout: 100,
    onData(stream, session, callback): void {
      const answer = handle.respond(attempts);
      attempts += 1;
      if (answer === "stall") return;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (answer === "reject") {
          callback(Object.assign(new Error("mailbox busy, try later"), { responseCode: 451 }));
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            mails.push({ recipients, parsed });
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  tolerateClientResets(server);
  const { port } = server.server.address() as AddressInfo;
  handle.url = `smtp://127.0.0.1:${port}/?disable_starttls=true`;

  async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out waiting for the SMTP server");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  function close(): Promise<void> {
    return new Promise((resolve) => server.close(() => resolve()));
  }

  return handle;
}
