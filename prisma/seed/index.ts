// Seeds the demo school into DATABASE_URL when the database holds no tenant yet.
import { createDb } from "@pizarra/db";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "@pizarra/db/seed";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set");
const db = createDb(url, 2);
try {
  if ((await db.tenant.count()) > 0) {
    console.log("Demo school already present: seed skipped.");
  } else {
    await seedDemo(db, { school: true });
    console.log(`Demo school seeded. Accounts (password "${DEMO_PASSWORD}"):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email}  ${a.role}`);
  }
} finally {
  await db.$disconnect();
}
