import { createHmac, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { PERSON_TYPE } from "../../packages/contracts/src/person-types.ts";
import { ADMIN, apiCall, apiLogin, expect, expectAccessible, setTheme, signInAs, test, withDatabase } from "../fixtures";

/**
 * A family writes to the school's WhatsApp number and the office answers (002 §2 "Conversations inbox", §4): the
 * message comes in signed through the worker's webhook as Meta sends it, the school's assistant answers from a FAQ, the
 * parent asks for a person, the conversation moves to Escalated with its reason, a staff member takes it and replies,
 * and the reply shows the WhatsApp stand-in's "delivered" (or already "read"). Needs the worker and the stand-in.
 */
const SECRET = process.env.WHATSAPP_APP_SECRET ?? "";
const CALLBACKS = process.env.WORKER_CALLBACK_URL ?? "";
/** The demo school's WhatsApp number (WHATSAPP_PHONE_NUMBER_ID of the stand-in). */
const SCHOOL_NUMBER = "demo-number";
/** The conversation the worker made of a contact's message (the row's id is the list's data-testid). */
async function conversationOf(phone: string): Promise<number> {
  let id = 0;
  await expect
    .poll(async () => {
      const found = await withDatabase((db) => db.query<{ id: number }>(`SELECT id FROM "Conversation" WHERE contact = $1 ORDER BY id DESC LIMIT 1`, [phone]));
      id = found.rows[0]?.id ?? 0;
      return id;
    }, POLLED)
    .toBeGreaterThan(0);
  return id;
}

/** The stand-in's statuses and the 10 s polls: a few polls' worth. */
const POLLED = { timeout: 60_000 };

test.skip(!process.env.TEST_DATABASE_URL || !SECRET || !CALLBACKS, "needs the server, the worker and the WhatsApp stand-in under test");

/** A parent's WhatsApp message as Meta posts it to the webhook, signed with the app secret. */
async function writeAsParent(page: Page, from: string, name: string, text: string): Promise<void> {
  const raw = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "e2e-waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: SCHOOL_NUMBER, phone_number_id: SCHOOL_NUMBER },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.e2e-${randomBytes(12).toString("hex")}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac("sha256", SECRET).update(raw, "utf8").digest("hex")}`;
  // The worker starts beside the web app: its port may still be opening when the first message is written.
  await expect(async () => {
    const res = await page.request.post(`${CALLBACKS}/api/whatsapp/webhook`, {
      data: raw,
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    });
    expect(res.status()).toBe(200);
  }).toPass(POLLED);
}

/**
 * A guardian of the demo school, given a number no conversation has used yet (so that the run's conversation is its
 * own) and open to WhatsApp.
 */
async function freshGuardian(): Promise<{ id: number; phone: string }> {
  const phone = `+5198${String(Date.now()).slice(-7)}`;
  return withDatabase(async (db) => {
    const found = await db.query<{ id: number }>(
      `SELECT u.id
         FROM "User" u JOIN "Tenant" t ON t.id = u."tenantId" AND t."whatsappPhoneNumberId" = $1
        WHERE u.type = $2 AND NOT u.inactive AND NOT u.rip
          AND EXISTS (SELECT 1 FROM "Kinship" k WHERE k."relativeId" = u.id)
        ORDER BY u.id LIMIT 1`,
      [SCHOOL_NUMBER, PERSON_TYPE.relative],
    );
    const guardian = found.rows[0];
    expect(guardian, "a guardian of the demo school").toBeTruthy();
    await db.query(`UPDATE "User" SET cel = $2 WHERE id = $1`, [guardian!.id, phone]);
    // Written to on WhatsApp: an earlier run's STOP does not stand in the way.
    await db.query(`DELETE FROM "ChannelOptOut" WHERE "userId" = $1`, [guardian!.id]);
    return { ...guardian!, phone };
  });
}

test("a parent's WhatsApp message is answered by the assistant, escalated, and answered by staff", async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await apiLogin(page.request, ADMIN);
  const word = `excursion${randomBytes(3).toString("hex")}`;
  // The FAQ the assistant answers from (admInfo, published).
  await apiCall(page.request, admin.token, "POST", "admInfo/create", {
    name: `¿Cuándo es la ${word} al museo?`,
    desc: `La ${word} al museo es el viernes a las 9:00; salimos desde la puerta principal.`,
    body: `<p>La ${word} al museo es el viernes a las 9:00.</p>`,
    published: true,
  });
  const guardian = await freshGuardian();
  const from = guardian.phone.slice(1);

  await writeAsParent(page, from, "Mamá", `¿Cuándo es la ${word} al museo?`);
  await signInAs(page, ADMIN, "es");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/app/admConversations");

  // The assistant answered: the conversation is open, held by the assistant with its timer badge.
  const id = await conversationOf(guardian.phone);
  await page.getByTestId("inbox-tab-open").click();
  const row = page.getByTestId(`conversation-${id}`);
  await expect(row).toBeVisible(POLLED);
  await expect(row.getByTestId("conversation-timer")).toHaveText(/IA · quedan \d+ min/, POLLED);
  await row.click();
  const answer = page.getByTestId("message").and(page.locator("[data-author=assistant]"));
  await expect(answer).toContainText(word);
  await expect(answer.getByTestId("message-sources")).toContainText(word);
  await expect(page.getByTestId("ai-hold")).toContainText("El asistente está atendiendo esta conversación.");
  await expect(page.getByTestId("takeover")).toHaveText("Tomar la conversación");
  // The number matched the guardian: their children are shown, not "unknown contact".
  await expect(page.getByTestId("sidebar-children")).toBeVisible();

  // The parent asks for a person: the conversation leaves Open for Escalated, with its reason.
  await writeAsParent(page, from, "Mamá", "Quiero hablar con una persona, por favor");
  await expect(row).toBeHidden(POLLED);
  await page.getByTestId("inbox-tab-human").click();
  const escalated = page.getByTestId(`conversation-${id}`);
  await expect(escalated.getByTestId("conversation-escalation")).toHaveText("Pidió una persona", POLLED);
  await escalated.click();

  // A member of staff takes it and replies; the reply is shown at once, then as WhatsApp delivered it.
  await page.getByTestId("assign-me").click();
  await expect(page.getByTestId("sidebar-assignee-name")).not.toHaveText("Nadie");
  const reply = page.getByTestId("reply-text");
  await expect(page.getByTestId("reply-send")).toBeDisabled();
  await reply.fill("Buenas tardes, soy de la secretaría. ¿En qué la puedo ayudar?");
  await reply.press("Enter");
  const sent = page.getByTestId("message").filter({ hasText: "soy de la secretaría" });
  await expect(sent).toBeVisible();
  await expect(reply).toHaveValue("");
  await expect(sent.getByTestId("message-status")).toHaveAttribute("data-status", /^(delivered|read)$/, POLLED);

  // Axe on the inbox as people see it: desktop and phone, light and dark.
  for (const [width, height, theme] of [
    [1440, 900, "light.blue"],
    [1440, 900, "dark.blue"],
    [390, 844, "light.blue"],
    [390, 844, "dark.blue"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await setTheme(page, theme);
    await page.goto("/app/admConversations");
    await page.getByTestId(`conversation-${id}`).click();
    await expect(page.getByTestId("message").first()).toBeVisible();
    // The pointer away from the buttons: a hovered button's lighter colour is not what axe should judge.
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[data-testid=inbox-screen]");
    if (width < 1024) {
      // One pane at a time on a phone: the chat, then the contact, then back.
      await expect(page.getByTestId("inbox-list")).toBeHidden();
      await page.getByTestId("chat-info").click();
      // The number matched the guardian: their children are shown, not "unknown contact".
      await expect(page.getByTestId("sidebar-children")).toBeVisible();
      await expectAccessible(page, "[data-testid=inbox-screen]");
      await page.getByTestId("sidebar-back").click();
      await page.getByTestId("chat-back").click();
      await expect(page.getByTestId("inbox-list")).toBeVisible();
    }
  }
});
