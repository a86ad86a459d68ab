// A local SMTP catcher (the smtp-server package) for the demo and the tests: it accepts every message on loopback and
// keeps it, as the .eml file a mail client would open, under `dir`. A message sent again with the same Message-ID (a
// worker that died mid-send and retried) is one mailbox entry, as it is in a real mailbox.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  envelopeTo: string[];
  messageId: string;
  raw: Buffer;
}

export interface MailSink {
  port: number;
  url: string;
  /** Every message received, in order, including the same Message-ID received again. */
  received: CaughtMail[];
  /** One per Message-ID. */
  mailbox(): CaughtMail[];
  /** Refuses the next `times` messages to `address` as a busy server does (451, try again later). */
  refuse(address: string, times: number): void;
  close(): Promise<void>;
}

export async function startMailSink({ port = 0, dir }: { port?: number; dir?: string } = {}): Promise<MailSink> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const received: CaughtMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 25 * 1024 * 1024,
    onRcptTo(address, _session, done) {
      const left = refusals.get(address.address) ?? 0;
      if (left === 0) return done();
      refusals.set(address.address, left - 1);
      done(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const messageId = /^message-id:\s*(.+)$/im.exec(raw.toString("utf8").split(/\r?\n\r?\n/)[0] ?? "")?.[1]?.trim() ?? `<${received.length}@sink>`;
        const mail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), messageId, raw };
        received.push(mail);
        if (dir) fs.writeFileSync(path.join(dir, `${messageId.replace(/[^\w.@-]/g, "_")}.eml`), raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A sender that dies mid-conversation (a worker killed in a test) resets its connection: smtp-server reports it on
  // the server, where an unheard error would end this process; a real mail server shrugs it off too.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.warn("Mail sink:", error.message);
  });
  const actual = (server.server.address() as { port: number }).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    mailbox: () => [...new Map(received.map((m) => [m.messageId, m])).values()],
    refuse: (address, times) => refusals.set(address, times),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
