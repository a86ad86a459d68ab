import type { TDirectorySend, TDirectorySendAnswer } from "@pizarra/contracts";
import { readRecipients } from "../../delivery/guardians.ts";
import { channelReady, queueMessages, type Draft } from "../../delivery/ledger.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { directory } from "./resources.ts";
import { isAddress } from "./directory-mail.ts";
import { livingGuardians } from "../../resource/student-view.ts";

/** Labels of the compose popup's fields in refusals. */
export const directorySendLabel = (field: string) => `directoryMail.fields.${field}`;

interface Recipient {
  userId: number;
  address: string;
  /** The student a guardian's address was listed for (none for the student's own). */
  aboutId: number | null;
}

/**
 * The checked rows' distinct addresses in the chosen columns, each with the person it belongs to: of the guardians the
 * columns show, those who may be told about a checked student (delivery/guardians.ts).
 */
async function recipients(ctx: AuthedContext, ids: number[], columns: readonly string[]): Promise<Recipient[]> {
  const [rows, family] = await Promise.all([
    ctx.db.user.findMany({
      where: { AND: [directory.scope!.where, { id: { in: ids } }] },
      select: { id: true, mail: true, relatives: { ...livingGuardians, select: { relative: { select: { id: true, mail: true } } } } },
    }),
    readRecipients(ctx.db, { familyOf: { AND: [directory.scope!.where, { id: { in: ids } }] } }),
  ]);
  const told = new Set(family.map((g) => g.id));
  const seen = new Map<string, Recipient>();
  for (const row of rows) {
    const [first, second] = row.relatives.map((k) => (told.has(k.relative.id) ? k.relative : undefined));
    const byColumn: Record<string, { id: number; mail: string | null } | undefined> = { rel1mail: first, rel2mail: second, depMail: row };
    for (const column of columns) {
      const person = byColumn[column];
      const address = person?.mail?.trim();
      if (person && isAddress(address)) {
        const key = address.toLowerCase();
        // A guardian is written to about this student: the send checks that link again.
        if (!seen.has(key)) seen.set(key, { userId: person.id, address, aboutId: column === "depMail" ? null : row.id });
      }
    }
  }
  return [...seen.values()];
}

/**
 * The directory's send-mail action (001 §2 "Directory"): one ledger row per distinct address, each sent to that
 * address alone (what bcc promises: no family sees another's address), answering to the sender. One row per person
 * rather than one e-mail with 50 bcc: the ledger then says, per family, whether it went, bounced or opted out, and a
 * retry resends to one family, not to fifty.
 */
export async function sendDirectoryMail(ctx: AuthedContext & { body: TDirectorySend }): Promise<Reply<TDirectorySendAnswer>> {
  const { batch, ids, columns, subject, body } = ctx.body;
  channelReady(ctx, "mail");
  const to = await recipients(ctx, ids, columns);
  if (to.length === 0) throw new AppError(-422, "api.directoryNoMail", 422);
  const sender = await ctx.db.user.findFirst({ where: { id: ctx.user.id }, select: { mail: true } });
  const replyTo = isAddress(sender?.mail) ? sender.mail : null;
  const drafts: Draft[] = to.map((r) => ({
    key: `directory:${ctx.user.id}:${batch}:${r.address.toLowerCase()}`,
    source: "directory",
    sourceId: ctx.user.id,
    userId: r.userId,
    aboutId: r.aboutId,
    channel: "mail",
    address: r.address,
    replyTo,
    locale: ctx.locale,
    subject,
    text: body,
  }));
  const result = await ctx.db.$transaction((tx) => queueMessages(tx, drafts));
  return {
    data: { ...result, recipients: to.length },
    msgKey: "directoryMail.queued",
    msgValues: { count: result.queued },
  };
}
