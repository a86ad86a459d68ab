import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { apiLogin, baseUrl, expect, expectAccessible, SECRETARY, test, withDatabase } from "../fixtures";

test.skip(!process.env.TEST_DATABASE_URL || !process.env.OUTSIDE_DIR, "needs the database and the mail catcher of the server under test");

/** The List-Unsubscribe link of the newest e-mail to `address` whose subject has `marker`, once the worker sent it. */
async function unsubscribeLink(address: string, marker: string): Promise<string> {
  const dir = path.join(process.env.OUTSIDE_DIR ?? "", "mail");
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
          const header = mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "";
          const found = /<(https?:\/\/[^>]+\/api\/unsubscribe\/[^>]+)>/.exec(header);
          if (found && to.includes(address) && mail.subject?.includes(marker)) link = found[1]!;
        }
        return link;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .not.toBeNull();
  return link!;
}

test("an e-mail's unsubscribe link, opened on a phone, asks first and unsubscribes on the button (390 px, light and dark)", async ({ request, browser }) => {
  // A mail to a person of the school: the copy of a support request goes to the sender's own address.
  const secretary = await apiLogin(request, SECRETARY);
  const marker = `Baja ${Date.now()}`;
  const sent = await request.post("/api/tenants/contact/us/", {
    headers: { authorization: `Bearer ${secretary.token}`, "x-locale": "es" },
    data: { Subject: marker, Body: "Una consulta.", Sender: SECRETARY },
  });
  expect((await sent.json()).status).toBeGreaterThanOrEqual(0);
  const link = await unsubscribeLink(SECRETARY, marker);
  expect(new URL(link).origin).toBe(new URL(baseUrl()).origin);
  const optOuts = () =>
    withDatabase(
      async (db) =>
        (await db.query(`SELECT o.via FROM "ChannelOptOut" o JOIN "User" u ON u.id = o."userId" WHERE u.mail = $1 AND o.channel = 'mail'`, [SECRETARY])).rows,
    );

  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-PE" });
  const phone = await family.newPage();
  try {
    // Opening the link (as a scanner would) lands on the page and changes nothing.
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/unsubscribe\/[^/]+$/);
    const ask = phone.getByTestId("unsubscribe-ask");
    await expect(ask).toBeVisible();
    await expect(ask.getByRole("heading", { level: 1 })).toHaveText("Dejar de recibir correos del colegio");
    await expect(phone.locator("html")).toHaveAttribute("lang", "es");
    await expectAccessible(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
    expect(await optOuts()).toEqual([]);

    await family.addCookies([{ name: "theme_color", value: "dark.blue", url: baseUrl() }]);
    await phone.reload();
    await expect(phone.locator("html")).toHaveClass(/\bdark\b/);
    await expect(ask).toBeVisible();
    await expectAccessible(phone);

    await phone.getByTestId("unsubscribe-confirm").click();
    const done = phone.getByTestId("unsubscribe-done");
    await expect(done.getByRole("heading", { level: 1 })).toHaveText("Se dio de baja");
    await expectAccessible(phone);
    expect(await optOuts()).toEqual([{ via: "link" }]);
    // Opened again, the link says it is done.
    await phone.reload();
    await expect(done.getByRole("heading", { level: 1 })).toHaveText("Ya se había dado de baja");
  } finally {
    await family.close();
    // The demo's secretary gets the other specs' mail again.
    await withDatabase((db) => db.query(`DELETE FROM "ChannelOptOut" WHERE "userId" IN (SELECT id FROM "User" WHERE mail = $1)`, [SECRETARY]));
  }
});

test("a tampered unsubscribe link gets a plain refusal in the browser's language (desktop)", async ({ page }) => {
  await page.goto("/unsubscribe/eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwidGlkIjoxfQ.bm90LWEtcmVhbC1zaWduYXR1cmU");
  const refusal = page.getByTestId("unsubscribe-refused");
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toContainText(/Error:|at \w+ \(/);
  await expectAccessible(page);
});
