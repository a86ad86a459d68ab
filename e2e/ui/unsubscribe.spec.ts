import { apiLogin, baseUrl, caughtMail, expect, expectAccessible, mailRecipients, SECRETARY, test, withDatabase } from "../fixtures";

test.skip(!process.env.TEST_DATABASE_URL || !process.env.OUTSIDE_DIR, "needs the database and the mail catcher of the server under test");

/** The List-Unsubscribe link of an e-mail to `address` whose subject has `marker`, once the worker has sent it. */
const unsubscribeLink = (address: string, marker: string): Promise<string> =>
  caughtMail((mail) => {
    const header = mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "";
    const found = /<(https?:\/\/[^>]+\/api\/unsubscribe\/[^>]+)>/.exec(header);
    return found && mailRecipients(mail).includes(address) && mail.subject?.includes(marker) ? found[1]! : null;
  }, 60_000);

test("an e-mail's unsubscribe link asks first and unsubscribes on the button (390 px and desktop, light and dark)", async ({ request, browser }) => {
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

  // Whom the page greets: the person's given name, as the school has it.
  const firstName = await withDatabase(async (db) =>
    (await db.query<{ name: string }>(`SELECT name FROM "User" WHERE mail = $1`, [SECRETARY])).rows[0]!.name.trim(),
  );

  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-PE" });
  const phone = await family.newPage();
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
  try {
    // Opening the link (as a scanner would) lands on the page and changes nothing.
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/unsubscribe\/[^/]+$/);
    const ask = phone.getByTestId("unsubscribe-ask");
    await expect(ask).toBeVisible();
    await expect(ask.getByRole("heading", { level: 1 })).toHaveText("Dejar de recibir correos del colegio");
    await expect(ask.getByTestId("unsubscribe-greeting")).toHaveText(`Hola, ${firstName}.`);
    await expect(phone.locator("html")).toHaveAttribute("lang", "es");
    await expectAccessible(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
    expect(await optOuts()).toEqual([]);

    await family.addCookies([{ name: "theme_color", value: "dark.blue", url: baseUrl() }]);
    await phone.reload();
    await expect(phone.locator("html")).toHaveClass(/\bdark\b/);
    await expect(ask).toBeVisible();
    await expectAccessible(phone);

    // The same link on a desktop browser in English, light and then dark: it asks too, and records nothing.
    const desk = await office.newPage();
    await desk.goto(link);
    await expect(desk).toHaveURL(/\/unsubscribe\/[^/]+$/);
    const deskAsk = desk.getByTestId("unsubscribe-ask");
    await expect(deskAsk.getByRole("heading", { level: 1 })).toHaveText("Stop e-mails from the school");
    await expect(deskAsk.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await expect(desk.locator("html")).toHaveAttribute("lang", "en");
    await expect(desk.locator("html")).not.toHaveClass(/\bdark\b/);
    await expectAccessible(desk);
    await office.addCookies([{ name: "theme_color", value: "dark.blue", url: baseUrl() }]);
    await desk.reload();
    await expect(desk.locator("html")).toHaveClass(/\bdark\b/);
    await expect(deskAsk).toBeVisible();
    await expectAccessible(desk);
    expect(await optOuts()).toEqual([]);

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
    await office.close();
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
