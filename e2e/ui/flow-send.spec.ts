import { ADMIN, expect, expectAccessible, rowAction, signInAs, test, withDatabase } from "../fixtures";

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** A communication group of the school whose members all have an e-mail address. */
async function groupWithMail(tenantId: number): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT g.id FROM "UserGroup" g
         JOIN "UserGroupMember" m ON m."tenantId" = g."tenantId" AND m."groupId" = g.id
         JOIN "User" u ON u."tenantId" = m."tenantId" AND u.id = m."userId" AND NOT u.inactive
       WHERE g."tenantId" = $1 AND NOT g.staff
       GROUP BY g.id HAVING bool_and(u.mail IS NOT NULL AND u.mail <> '') ORDER BY count(*) LIMIT 1`,
      [tenantId],
    );
    if (rows[0]) return rows[0].id;
    const made = await db.query<{ id: number }>(
      `INSERT INTO "UserGroup" ("tenantId", name, type, staff, "updatedAt") VALUES ($1, 'E2E flow families', 1, false, now()) RETURNING id`,
      [tenantId],
    );
    await db.query(
      `INSERT INTO "UserGroupMember" ("tenantId", "groupId", "userId")
       SELECT $1, $2, id FROM "User" WHERE "tenantId" = $1 AND type = 1 AND NOT inactive AND mail LIKE '%@%' ORDER BY id LIMIT 3`,
      [tenantId, made.rows[0]!.id],
    );
    return made.rows[0]!.id;
  });
}

test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, the database the server under test uses");

/**
 * A flow is sent from its own row (002 §2: "the wizard used for flow collection sends"): the wizard
 * opens about the flow, named after it and aimed at its group; confirmed, the worker sends it and the flow's send
 * status and counts follow.
 */
test("a flow's Send action opens the wizard about the flow, aimed at its group; the flow's figures follow the send", async ({ page }) => {
  test.setTimeout(120_000);
  const { token, companyID } = await signInAs(page, ADMIN, "en");
  const headers = { authorization: `Bearer ${token}` };
  const groupId = await groupWithMail(companyID);
  const name = `Trip permit ${Date.now()}`.slice(0, 50);
  const created = await page.request.post("/api/admFetch/create", {
    headers,
    data: { type: "form", name, tags: "trip", recipientType: 1, groupId, followupDefaultDelay: 1, followupUnit: "days" },
  });
  const flowId = ((await created.json()) as Envelope<{ ID: number }>).data.ID;

  await page.goto("/app/admFlow");
  await rowAction(page, "send", flowId);
  const wizard = page.getByTestId("notification-wizard");
  await expect(wizard).toBeVisible();
  await expect(wizard.getByTestId("field-name")).toHaveValue(name);
  await expect(wizard.getByTestId("field-page")).toHaveValue("fetch");
  await wizard.getByTestId("field-doMail").click();
  await wizard.getByTestId("field-title").fill(name);
  await expectAccessible(page, "[data-testid=notification-wizard]");
  await wizard.getByTestId("wizard-next").click();

  // The flow's own group is the target already.
  await expect(wizard.getByTestId("wizard-step-target")).toBeVisible();
  await expect(wizard.getByTestId("wizard-target")).toHaveValue("group");
  await wizard.getByTestId("wizard-next").click();
  await expect(wizard.getByTestId("wizard-step-when")).toBeVisible();
  await wizard.getByTestId("wizard-trigger-now").check();
  await wizard.getByTestId("field-urgent").click();
  await wizard.getByTestId("wizard-next").click();
  await expect(wizard.getByTestId("wizard-step-summary")).toBeVisible();
  await wizard.getByTestId("wizard-preview").click();
  await expect(wizard.getByTestId("wizard-by-channel")).toBeVisible();
  await wizard.getByTestId("wizard-confirm").click();
  await expect(wizard).toBeHidden();

  const sends = await page.request.get("/api/admFetch/sends/get", { headers, params: { parentId: String(flowId) } });
  const [send] = ((await sends.json()) as Envelope<{ Results: { ID: number; name: string }[] }>).data.Results;
  expect(send?.name).toBe(name);
  const flow = async () => ((await (await page.request.get(`/api/admFetch/get/${flowId}`, { headers })).json()) as Envelope<Record<string, number>>).data;
  await expect.poll(async () => (await flow()).sendStatus, { timeout: 60_000, intervals: [500] }).toBe(3);
  const figures = await flow();
  expect(figures.target).toBeGreaterThan(0);
  expect(figures.sent).toBe(figures.target);
});
