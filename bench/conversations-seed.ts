// The big school's year of WhatsApp conversations for `pnpm bench:seed` (and `pnpm bench:seed -- conversations` on a
// bench database seeded before it): a guardian for each of its 20,000 students, linked as a family, 200,000
// conversations of 23,000 contacts (those guardians and 3,000 numbers the school does not know) and 3,000,000 messages,
// the school's answers each with its ledger row, as the product keeps them. Loaded by COPY with explicit ids (taken
// from the tables' sequences first), so messages point at their conversation and ledger row without a second pass.
import { FAQS } from "@pizarra/db/seed";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { unit } from "../packages/db/src/seed/grades.ts";
import { foldText } from "../apps/web/src/server/resource/search-text.ts";
import { BENCH_ACCOUNTS } from "./config.ts";
import { copyText, withoutIndexes } from "./copy.ts";

export const CONVERSATIONS = 200_000;
/** Contacts: the guardians (one a student) and unknown numbers; each writes about every six weeks. */
const UNKNOWN_CONTACTS = 3_000;
/** Messages a conversation: 5 to 25, 15 on average (3,000,000 in all). */
const messagesOf = (i: number) => 5 + (i % 21);
const DAY = 86_400_000;
/** The guardians made here, told apart from any other (the sending bench's own) by their e-mail's domain. */
const GUARDIAN_MAIL = "@conversaciones.bench";
const GUARDIAN_NAMES = ["María", "José", "Rosa", "Carlos", "Lucía", "Miguel", "Patricia", "Jorge", "Carmen", "Luis", "Verónica", "Raúl"];
const SECOND_NAMES = ["Quispe", "Flores", "Rojas", "Vargas", "Torres", "Ramos", "Chávez", "Mendoza", "Huamán", "Castillo"];

const ASKS = [
  "Buenos días, ¿a qué hora es la salida hoy?",
  "Hola, mi hijo está enfermo y hoy no irá al colegio",
  "¿Cuál es el uniforme para educación física?",
  "¿Hay almuerzo en el comedor esta semana?",
  "Quisiera hablar con la tutora, por favor",
  "¿Quién puede recoger a mi hija si yo no llego?",
  "Gracias por la información",
  "¿Cuándo entregan la libreta de notas?",
  "No me llegó el enlace para justificar la falta",
  "¿El viernes hay clases?",
];
const ANSWERS = [
  "El horario de ingreso es a las 7:45; primaria y secundaria salen a las 14:30.",
  "Lamentamos que esté enfermo. Puede justificar la falta de hoy desde este enlace.",
  "Los días de educación física vienen con el buzo del colegio y zapatillas blancas.",
  "El comedor sirve almuerzo de lunes a viernes de 12:45 a 13:30.",
  "Le comunicamos con la tutora en breve.",
  "Solo los apoderados y las personas autorizadas; avise antes de las 11:00.",
  "Con gusto, que tenga un buen día.",
  "Las notas se publican en la aplicación cuando cierra el bimestre.",
  "Le reenviamos el enlace de justificación.",
  "Sí, el viernes hay clases en el horario de siempre.",
];
const ESCALATIONS = ["asked", "sensitive", "negative", "unanswered"];
const SENTIMENTS = ["positive", "neutral", "negative"];
const SATISFACTIONS = ["satisfied", "neutral", "unsatisfied"];

interface Contact {
  number: string;
  profile: string | null;
  guardianId: number | null;
  /** The folded search text (number digits, the contact's name, the guardian's names, the children's). */
  search: string;
}

/** The search text as the product writes it (searchTextOf): the number's digits, then names, apart by " | ", folded. */
const searchText = ([number, ...names]: (string | null)[]) =>
  foldText([number!.replace(/\D/g, ""), ...names].filter((p): p is string => !!p?.trim()).join(" | "));

/**
 * A guardian for each student (the student's first surname, their own number), linked as the student's family: its
 * principal guardian, or another where the student has one (the sending bench's; Kinship_one_principal).
 */
async function guardians(client: pg.PoolClient, tenantId: number): Promise<Contact[]> {
  await client.query(
    `WITH kids AS (SELECT id, last, row_number() OVER (ORDER BY id) AS n FROM "User" WHERE "tenantId" = $1 AND type = 2),
          made AS (
            INSERT INTO "User" ("tenantId", type, name, last, last2, mail, cel, "updatedAt")
            SELECT $1, 1, ($2::text[])[1 + (n * 7) % array_length($2::text[], 1)], kids.last,
                   ($3::text[])[1 + (n * 13) % array_length($3::text[], 1)], 'apoderado' || n || $4, '+5197' || lpad(n::text, 7, '0'), now()
              FROM kids
            RETURNING id, (regexp_match(mail, '\\d+'))[1]::int AS n)
     INSERT INTO "Kinship" ("tenantId", "studentId", "relativeId", relation, "userKind")
     SELECT $1, kids.id, made.id, 'Padre/Madre',
            CASE WHEN EXISTS (SELECT 1 FROM "Kinship" p WHERE p."tenantId" = $1 AND p."studentId" = kids.id AND p."userKind" = 0 AND p."endedAt" IS NULL) THEN 1 ELSE 0 END
       FROM kids JOIN made USING (n)`,
    [tenantId, GUARDIAN_NAMES, SECOND_NAMES, GUARDIAN_MAIL],
  );
  const { rows } = await client.query<{ id: number; cel: string; name: string; last: string; last2: string; child: string }>(
    `SELECT g.id, g.cel, g.name, g.last, g.last2, s.name || ' ' || s.last || ' ' || coalesce(s.last2, '') AS child
       FROM "User" g JOIN "Kinship" k ON k."tenantId" = g."tenantId" AND k."relativeId" = g.id JOIN "User" s ON s.id = k."studentId"
      WHERE g."tenantId" = $1 AND g.mail LIKE $2 ORDER BY g.id`,
    [tenantId, `%${GUARDIAN_MAIL}`],
  );
  return rows.map((g) => {
    const profile = unit(g.id, 3) < 0.7 ? `${g.name} ${g.last}` : null;
    return {
      number: g.cel,
      profile,
      guardianId: g.id,
      search: searchText([g.cel, profile, `${g.name} ${g.last} ${g.last2}`, g.child]),
    };
  });
}

/**
 * Adds the year of conversations to the big school, unless it has some. `log` prints progress. Answers how many
 * conversations and messages were written.
 */
export async function seedConversations(
  pool: pg.Pool,
  tenantId: number,
  log: (what: string) => void,
  { count = CONVERSATIONS }: { count?: number } = {},
): Promise<{ conversations: number; messages: number }> {
  const { rows: had } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Conversation" WHERE "tenantId" = $1`, [tenantId]);
  if (had[0]!.n > 0) {
    log(`the big school has ${had[0]!.n.toLocaleString("en")} conversations already: none added`);
    return { conversations: 0, messages: 0 };
  }
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const known = await guardians(client, tenantId);
    const unknown: Contact[] = Array.from({ length: UNKNOWN_CONTACTS }, (_, k) => {
      const number = `+5196${String(k + 1).padStart(7, "0")}`;
      const profile = k % 2 ? `Contacto ${k + 1}` : null;
      return { number, profile, guardianId: null, search: searchText([number, profile]) };
    });
    const contacts = [...known, ...unknown];
    log(`${known.length.toLocaleString("en")} guardians linked to their children; ${contacts.length.toLocaleString("en")} contacts`);
    // FAQs for the assistant's sources and for the deterministic assistant the bench's inbound messages ask.
    const { rows: faqs } = await client.query<{ id: number; name: string }>(
      `INSERT INTO "Info" ("tenantId", name, "desc", body, "nameEN", "descEN", "bodyEN", "pinTop", published, "publishFrom", "updatedAt")
       SELECT $1, * , true, now() - interval '1 year', now() FROM jsonb_to_recordset($2::jsonb)
         AS f(name text, "desc" text, body text, "nameEN" text, "descEN" text, "bodyEN" text, "pinTop" boolean)
       RETURNING id, name`,
      [tenantId, JSON.stringify(FAQS.es)],
    );
    const { rows: staff } = await client.query<{ id: number }>(
      `SELECT u.id FROM "User" u LEFT JOIN "Account" a ON a.id = u."accountId" WHERE u."tenantId" = $1 AND (a.email = $2 OR u.type = 4) ORDER BY a.email IS NULL, u.id LIMIT 20`,
      [tenantId, BENCH_ACCOUNTS.admin],
    );
    /** The next `count` ids of a table's sequence, taken (the sequence moves past them). */
    const seq = async (table: string, count: number) => {
      const { rows } = await client.query<{ first: string }>(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS first`, [`"${table}"`]);
      const first = Number(rows[0]!.first);
      await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2)`, [`"${table}"`, first + count]);
      return first;
    };
    let messageCount = 0;
    for (let i = 0; i < count; i++) messageCount += messagesOf(i);
    const firstConversation = await seq("Conversation", count);
    const firstMessage = await seq("ConversationMessage", messageCount);
    const firstLedger = await seq("Message", messageCount);
    const now = Date.now();
    const yearAgo = now - 365 * DAY;

    // The conversations in time order; a contact's come in turn (the i-th belongs to contact i mod contacts), so only
    // its last one may still be open or with a person, as the index Conversation_one_open holds.
    const conversationLines: string[] = [];
    const messageLines: string[] = [];
    const ledgerLines: string[] = [];
    let messageId = firstMessage;
    const flush = async (table: string, columns: string, lines: string[]) => {
      await pipeline(Readable.from(lines), client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN`)));
      lines.length = 0;
    };
    const CONVERSATION_COLUMNS = `id, "tenantId", contact, "contactName", "guardianId", type, "holdAiTill", "assigneeId", escalation, summary, sentiment, satisfaction, locale, "lastInboundAt", "lastMessageAt", preview, "searchText", "closedAt", "createdAt", "updatedAt"`;
    const MESSAGE_COLUMNS = `id, "tenantId", "conversationId", author, "staffId", kind, text, "outboundId", sources, "createdAt"`;
    const LEDGER_COLUMNS = `id, "tenantId", key, source, "sourceId", "userId", channel, address, locale, text, status, "providerId", error, permanent, attempts, "createdAt", "sentAt", "deliveredAt", "readAt", "failedAt", "updatedAt"`;
    const line = (values: (string | number | boolean | null)[]) => `${values.map((v) => copyText(v === null ? null : String(v))).join("\t")}\n`;
    const iso = (ms: number) => new Date(ms).toISOString();

    await withoutIndexes(client, "ConversationMessage", async () => {
      await withoutIndexes(client, "Message", async () => {
        for (let i = 0; i < count; i++) {
          const c = contacts[i % contacts.length]!;
          const last = i + contacts.length >= count;
          const u = unit(i, 11);
          const type = !last || u >= 0.2 ? "closed" : u < 0.12 ? "open" : "human";
          const id = firstConversation + i;
          const began = yearAgo + (i / count) * 365 * DAY + Math.floor(unit(i, 12) * 6 * 3600_000);
          const size = messagesOf(i);
          const staffFrom = type === "human" || unit(i, 13) < 0.15 ? Math.floor(size / 2) : size;
          const assignee = staffFrom < size ? staff[i % staff.length]!.id : null;
          let at = began;
          let lastInbound = began;
          let lastText = "";
          for (let j = 0; j < size; j++) {
            at += 60_000 + Math.floor(unit(i, j, 14) * 240_000);
            const topic = (i + (j >> 1)) % ASKS.length;
            const mine = j % 2 === 0;
            if (mine) {
              lastInbound = at;
              lastText = ASKS[topic]!;
              messageLines.push(line([messageId, tenantId, id, "contact", null, "text", lastText, null, null, iso(at)]));
            } else {
              const byStaff = j >= staffFrom;
              lastText = ANSWERS[topic]!;
              const faq = faqs[topic % faqs.length]!;
              const sources = byStaff ? "[]" : JSON.stringify([{ kind: "faq", id: faq.id, name: faq.name }]);
              const ledgerId = firstLedger + (messageId - firstMessage);
              const r = unit(i, j, 15);
              const status = r < 0.002 ? "failed" : r < 0.15 ? "delivered" : "read";
              messageLines.push(
                line([messageId, tenantId, id, byStaff ? "staff" : "assistant", byStaff ? assignee : null, "text", lastText, ledgerId, sources, iso(at)]),
              );
              ledgerLines.push(
                line([
                  ledgerId,
                  tenantId,
                  `conversation:${messageId}`,
                  "conversation",
                  id,
                  c.guardianId,
                  "whatsapp",
                  c.number,
                  "es",
                  lastText,
                  status,
                  `wamid.bench${messageId}`,
                  status === "failed" ? "WhatsApp 131047 (#131047) Re-engagement message: Re-engagement message" : null,
                  status === "failed",
                  1,
                  iso(at),
                  iso(at + 1000),
                  status === "failed" ? null : iso(at + 2000),
                  status === "read" ? iso(at + 60_000) : null,
                  status === "failed" ? iso(at + 2000) : null,
                  iso(at + 60_000),
                ]),
              );
            }
            messageId++;
          }
          const closed = type === "closed";
          conversationLines.push(
            line([
              id,
              tenantId,
              c.number,
              c.profile,
              c.guardianId,
              type,
              type === "open" ? iso(at + 30 * 60_000) : null,
              type === "human" ? assignee : null,
              type === "human" || assignee ? ESCALATIONS[i % ESCALATIONS.length]! : null,
              closed ? `Consulta: ${ASKS[i % ASKS.length]} Respondida por ${assignee ? "el personal" : "el asistente"}.` : null,
              closed ? SENTIMENTS[Math.floor(unit(i, 16) * 3)]! : null,
              closed ? SATISFACTIONS[Math.floor(unit(i, 17) * 3)]! : null,
              "es",
              iso(lastInbound),
              iso(at),
              lastText.slice(0, 160),
              c.search,
              closed ? iso(at + 3600_000) : null,
              iso(began),
              iso(at),
            ]),
          );
          if (messageLines.length >= 200_000) {
            await flush("ConversationMessage", MESSAGE_COLUMNS, messageLines);
            await flush("Message", LEDGER_COLUMNS, ledgerLines);
          }
          if ((i + 1) % 50_000 === 0) log(`${(i + 1).toLocaleString("en")} conversations, ${(messageId - firstMessage).toLocaleString("en")} messages`);
        }
        await flush("ConversationMessage", MESSAGE_COLUMNS, messageLines);
        await flush("Message", LEDGER_COLUMNS, ledgerLines);
        await withoutIndexes(client, "Conversation", () => flush("Conversation", CONVERSATION_COLUMNS, conversationLines));
        log("conversations written; building the indexes and keys");
      });
    });
    await client.query("COMMIT");
    await pool.query(`ANALYZE "User", "Kinship", "Info", "Conversation", "ConversationMessage", "Message"`);
    return { conversations: count, messages: messageId - firstMessage };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}
