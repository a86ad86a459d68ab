"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CONVERSATION_PICKS, type FieldDef, type TConversationDetail, ZConversationAssign, ZConversationLink } from "@pizarra/contracts";
import { Badge, Button } from "@pizarra/ui";
import { ArrowLeft, CircleCheck, LoaderCircle, RotateCcw, UserRoundCheck, UserRoundX } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { findMenuItem } from "@/client/menu.ts";
import { useErrorMap } from "@/client/validation.ts";
import { FormField } from "../resource/form-field.tsx";
import type { ResourceText } from "../resource/resource-text.ts";
import { useAppSession } from "../shell/session-context.tsx";
import { conversationTime, fullTime } from "./inbox-model.ts";

const labelKey = (field: string) => `inbox.fields.${field}`;

/** The inbox's texts as the generic widgets read a resource's, from `inbox.*`. */
function useInboxText(): ResourceText {
  const t = useTranslations("inbox");
  return useMemo(
    () => ({
      field: (name: string) => t(`fields.${name}`),
      option: (_field: string, value: unknown) => String(value),
      group: (key: string) => t(key),
      hint: () => null,
      title: () => t("title"),
      action: (name: string) => t(name),
      actionHint: () => null,
    }),
    [t],
  );
}

type Act = (action: "close" | "reopen" | "assign" | "link", body?: Record<string, unknown>) => Promise<boolean>;

/** One pick and its button: the form checked by the API's own schema (react-hook-form with the contract's zod). */
function PickForm({
  field,
  schema,
  act,
  action,
  label,
  busy,
  testId,
}: {
  field: FieldDef;
  schema: z.ZodType;
  act: Act;
  action: "assign" | "link";
  label: string;
  busy: boolean;
  testId: string;
}) {
  const text = useInboxText();
  const errorMap = useErrorMap(labelKey);
  const resolver = useMemo(() => zodResolver(schema as never, { error: errorMap }) as unknown as Resolver<FieldValues>, [schema, errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: { [field.name]: "" } });
  const submit = form.handleSubmit(async (values) => {
    if (await act(action, values)) form.reset({ [field.name]: "" });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" data-testid={testId}>
      <FormField field={field} control={form.control} text={text} hookPrefix="field-" idPrefix={`${testId}-`} disabled={busy} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} className="self-start" data-testid={`${testId}-save`}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        {label}
      </Button>
    </form>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-1.5 border-b px-4 py-3 text-sm" data-testid={testId}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

interface SidebarProps {
  detail: TConversationDetail | null;
  canWrite: boolean;
  busy: string | null;
  act: Act;
  onBack: () => void;
  onOpen: (id: number) => void;
}

/** The right pane (002 §2, §3): who writes, their family, what the school knows of the conversation, and its actions. */
export function ContactSidebar({ detail, canWrite, busy, act, onBack, onOpen }: SidebarProps) {
  const t = useTranslations("inbox");
  const locale = useLocale();
  const { user, menu } = useAppSession();
  const me = user.ID;
  // Linking names any family of the school: for those the menu lets read relatives (the server asks the same).
  const mayLink = canWrite && findMenuItem(menu, "admRelatives")?.item.path != null;
  const named = (group: "sentiments" | "satisfactions", value: string | null) => (value && t.has(`${group}.${value}`) ? t(`${group}.${value}`) : value);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="contact-sidebar">
      <div className="flex items-center gap-2 border-b p-2">
        <Button variant="ghost" size="icon" className="lg:hidden" onClick={onBack} aria-label={t("backToChat")} data-testid="sidebar-back">
          <ArrowLeft aria-hidden />
        </Button>
        <h2 className="font-semibold">{t("contactInfo")}</h2>
      </div>
      {!detail ? (
        <p className="p-4 text-sm text-muted-foreground">{t("chooseConversation")}</p>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <Section title={t("contact")}>
            <p className="font-medium" data-testid="sidebar-number">
              {detail.chatUser}
            </p>
            {detail.chatUserName && <p className="text-muted-foreground">{t("whatsappName", { name: detail.chatUserName })}</p>}
          </Section>
          <Section title={t("guardian")} testId="sidebar-guardian">
            {detail.guardianId !== null ? (
              <p className="font-medium">{detail.guardianName}</p>
            ) : (
              <>
                <Badge variant="outline">
                  <UserRoundX aria-hidden />
                  {t("unknownContact")}
                </Badge>
                {mayLink && (
                  <PickForm
                    field={CONVERSATION_PICKS.guardianId}
                    schema={ZConversationLink}
                    act={act}
                    action="link"
                    label={t("link")}
                    busy={busy === "link"}
                    testId="link-guardian"
                  />
                )}
              </>
            )}
            {detail.children.length > 0 && (
              <ul className="flex flex-col gap-0.5" aria-label={t("children")} data-testid="sidebar-children">
                {detail.children.map((child) => (
                  <li key={child.ID}>
                    {child.name}
                    {child.section && <span className="text-muted-foreground"> · {child.section}</span>}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t("state")}>
            <p data-testid="sidebar-type">{t(`type.${detail.type}`)}</p>
            {detail.escalation && (
              <Badge variant="warning" data-testid="sidebar-escalation">
                {t(`escalation.${detail.escalation}`)}
              </Badge>
            )}
            {detail.flowName && <p>{t("flow", { name: detail.flowName })}</p>}
            {detail.type === "closed" && (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="sidebar-outcome">
                {detail.summary && (
                  <>
                    <dt className="text-muted-foreground">{t("summary")}</dt>
                    <dd>{detail.summary}</dd>
                  </>
                )}
                {detail.sentimentName && (
                  <>
                    <dt className="text-muted-foreground">{t("sentiment")}</dt>
                    <dd>{named("sentiments", detail.sentimentName)}</dd>
                  </>
                )}
                {detail.satisfactionName && (
                  <>
                    <dt className="text-muted-foreground">{t("satisfaction")}</dt>
                    <dd>{named("satisfactions", detail.satisfactionName)}</dd>
                  </>
                )}
              </dl>
            )}
          </Section>
          <Section title={t("assignee")} testId="sidebar-assignee">
            <p data-testid="sidebar-assignee-name">{detail.assigneeName ?? t("nobody")}</p>
            {canWrite && (
              <>
                <div className="flex flex-wrap gap-2">
                  {detail.assigneeId !== me && (
                    <Button size="sm" variant="outline" onClick={() => void act("assign", { userId: me })} disabled={busy !== null} data-testid="assign-me">
                      <UserRoundCheck aria-hidden />
                      {t("assignMe")}
                    </Button>
                  )}
                  {detail.assigneeId !== null && (
                    <Button size="sm" variant="ghost" onClick={() => void act("assign", { userId: null })} disabled={busy !== null} data-testid="unassign">
                      {t("unassign")}
                    </Button>
                  )}
                </div>
                <PickForm
                  field={CONVERSATION_PICKS.userId}
                  schema={ZConversationAssign}
                  act={act}
                  action="assign"
                  label={t("assign")}
                  busy={busy === "assign"}
                  testId="assign-to"
                />
              </>
            )}
          </Section>
          {detail.pastConversations.length > 0 && (
            <Section title={t("past")}>
              <ul className="flex flex-col gap-1" data-testid="sidebar-past">
                {detail.pastConversations.map((past) => (
                  <li key={past.ID}>
                    <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onOpen(past.ID)} title={fullTime(past.date, locale)}>
                      {t("pastItem", { date: conversationTime(past.date, locale) })}
                    </Button>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {canWrite && (
            <div className="flex flex-wrap gap-2 p-4">
              {detail.type === "closed" ? (
                <Button variant="outline" onClick={() => void act("reopen")} disabled={busy !== null} data-testid="reopen">
                  {busy === "reopen" ? <LoaderCircle className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
                  {t("reopen")}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => void act("close")} disabled={busy !== null} data-testid="close">
                  {busy === "close" ? <LoaderCircle className="animate-spin" aria-hidden /> : <CircleCheck aria-hidden />}
                  {t("close")}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
