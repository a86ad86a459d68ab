// Creates a school as registration does (createSchool of @pizarra/db) in TEST_DATABASE_URL, with its administrator
// and one teacher: run by a spec's set-up through tsx, since Playwright's loader cannot take the workspace's packages
// (their JSON imports). Arguments: alias, administrator's e-mail, password, teacher's e-mail.
import { createDb, createSchool, hashPassword } from "@pizarra/db";

const [alias, adminEmail, password, teacherEmail] = process.argv.slice(2);
if (!alias || !adminEmail || !password || !teacherEmail) throw new Error("usage: new-school.ts alias adminEmail password teacherEmail");
const db = createDb(process.env.TEST_DATABASE_URL!, 1);
try {
  const passwordHash = await hashPassword(password);
  const school = await db.$transaction(async (tx) => {
    const account = await tx.account.create({ data: { email: adminEmail, passwordHash }, select: { id: true } });
    const created = await createSchool(tx, {
      title: "Colegio Primera Hora",
      alias,
      defaultLocale: "es",
      admin: { accountId: account.id, name: "Rosa", last: "Directora", mail: adminEmail, cel: "+51911000222" },
    });
    await tx.user.create({ data: { tenantId: created.tenantId, name: "Teo", last: "Profesor", mail: teacherEmail, type: 5, roleCode: 5 } });
    return created;
  });
  process.stdout.write(JSON.stringify(school));
} finally {
  await db.$disconnect();
}
