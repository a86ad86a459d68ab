import { z } from "zod";

/** The address columns of a directory row the send-mail action reads: the two guardians' and the student's own. */
export const DIRECTORY_ADDRESS_COLUMNS = ["rel1mail", "rel2mail", "depMail"] as const;

const ZIds = z.array(z.coerce.number().int().positive()).min(1).max(2000);
const ZColumns = z
  .array(z.enum(DIRECTORY_ADDRESS_COLUMNS))
  .min(1)
  .default([...DIRECTORY_ADDRESS_COLUMNS]);

/**
 * POST admDirectory/mail (the spec shows no path, 001 §7 "Directory"): the checked rows' IDs, and which of their
 * address columns to use (all three unless said).
 */
export const ZDirectoryMail = z.object({ ids: ZIds, columns: ZColumns });
export type TDirectoryMail = z.infer<typeof ZDirectoryMail>;

/** POST admDirectory/mail: the distinct addresses of the checked rows, which the compose popup puts in bcc. */
export const ZDirectoryMailAnswer = z.object({ bcc: z.array(z.string()) });
export type TDirectoryMailAnswer = z.output<typeof ZDirectoryMailAnswer>;

/**
 * POST admDirectory/mail/send (our path: the spec shows none, 001 §7 "Directory"): the compose popup's subject and
 * text for the checked rows' addresses. `batch` is made by the popup when it opens, so a send that is retried (a double
 * click, a lost answer) queues each address once.
 */
export const ZDirectorySend = z.object({
  batch: z.uuid(),
  ids: ZIds,
  columns: ZColumns,
  subject: z.string().trim().min(1).max(150),
  body: z.string().trim().min(1).max(10_000),
});
export type TDirectorySend = z.infer<typeof ZDirectorySend>;
/** What the compose popup sends (the columns left to their default). */
export type TDirectorySendInput = z.input<typeof ZDirectorySend>;

/**
 * POST admDirectory/mail/send: the messages queued now, those left out (a person who opted out of e-mail or is no longer
 * active), and the distinct addresses they were for.
 */
export const ZDirectorySendAnswer = z.object({ queued: z.number().int(), skipped: z.number().int(), recipients: z.number().int() });
export type TDirectorySendAnswer = z.output<typeof ZDirectorySendAnswer>;
