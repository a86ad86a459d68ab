// The demo's guardians the parent page of the WhatsApp stand-in offers: their numbers are the ones the app matches a
// family's message to, so that writing "as" one of them shows the family's children beside the conversation.
import pg from "pg";
import type { ParentContact } from "./whatsapp-sink.ts";

/** Guardians with a number and an open family link, of each school that has a WhatsApp number; a few per school. */
export async function demoGuardians(url: string): Promise<ParentContact[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<ParentContact>(
      `SELECT g.cel AS number, concat_ws(' ', g.name, g.last) AS name, t.title AS school, t."whatsappPhoneNumberId" AS "phoneNumberId"
         FROM "Tenant" t
         JOIN LATERAL (
           SELECT u.cel, u.name, u.last FROM "User" u
            WHERE u."tenantId" = t.id AND u.type = 1 AND u.cel IS NOT NULL AND NOT u.inactive
              AND EXISTS (SELECT 1 FROM "Kinship" k WHERE k."tenantId" = u."tenantId" AND k."relativeId" = u.id AND k."endedAt" IS NULL)
            ORDER BY u.id LIMIT 12) g ON true
        WHERE t."whatsappPhoneNumberId" IS NOT NULL
        ORDER BY t.id, g.name`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
