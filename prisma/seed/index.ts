// Seeds the demo school into DATABASE_URL when the database holds no tenant yet.
import { createDb } from "@pizarra/db";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "@pizarra/db/seed";
import { seedAttendance } from "./attendance.ts";
import { seedConversations } from "./conversations.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set");
const db = createDb(url, 2);
try {
  if ((await db.tenant.count()) > 0) {
    console.log("Demo school already present: seed skipped.");
  } else {
    const { colegio, norte } = await seedDemo(db, { school: true });
    const started = performance.now();
    const month = [
      await seedAttendance(db, colegio.tenantId, { teacherEmail: "docente@pizarra.demo", officeEmail: "secretaria@pizarra.demo", justifications: 10 }),
      await seedAttendance(db, norte.tenantId, { justifications: 3 }),
    ];
    const talks = [await seedConversations(db, colegio.tenantId, { officeEmail: "secretaria@pizarra.demo" }), await seedConversations(db, norte.tenantId)];
    await db.$executeRawUnsafe(
      `ANALYZE "Section", "AttendanceType", "AttendanceSession", "AttendanceMark", "Justification", "Conversation", "ConversationMessage"`,
    );
    const sum = (key: keyof (typeof month)[number]) => month.reduce((n, m) => n + m[key], 0);
    console.log(
      `Demo school seeded, with a month of attendance (${sum("registers")} registers, ${sum("marks")} marks, ${sum("justifications")} justifications) and ${talks.reduce((n, c) => n + c.conversations, 0)} WhatsApp conversations, in ${((performance.now() - started) / 1000).toFixed(1)} s. Accounts (password "${DEMO_PASSWORD}"):`,
    );
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email}  ${a.role}`);
  }
} finally {
  await db.$disconnect();
}
