"use client";

import {
  CHECKLIST_STEPS,
  COMPANY_ROLE_MIN,
  type TChecklistPart,
  type TChecklistStepId,
  type TCompanyChecklistAnswer,
  type TInviteAnswer,
  type TTestChannel,
} from "@pizarra/contracts";
import { Badge, Button, cn, NativeSelect, toast } from "@pizarra/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle, ListChecks, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useId, useState } from "react";
import { api } from "@/client/api.ts";
import { apiGet, refreshReads } from "@/client/api-query.ts";
import { walkMenu } from "@/client/menu.ts";
import type { ListAnswer, PickOption } from "../resource/types.ts";
import { useAppSession } from "../shell/session-context.tsx";

/** The screen each step opens: a module of the menu; the channels and the logo open the school's profile. */
const STEP_MODULE: Partial<Record<TChecklistStepId, string>> = {
  period: "admPeriod",
  grades: "admSuperSection",
  sections: "admSection",
  students: "admStudent",
  families: "admRelatives",
  staffInvited: "admStaff",
};
const PROFILE_STEPS: readonly TChecklistStepId[] = ["mail", "whatsapp", "logo"];
/** While a test message is still on its way, the checklist reads its state again this often. */
const POLL_MS = 3000;
const MOVING = new Set(["queued", "sending"]);

const CHECKLIST = "company/checklist";

/** Sends a test message on one channel to the administrator and shows its state as the ledger has it. */
function TestMessage({ channel, state }: { channel: TTestChannel; state: TCompanyChecklistAnswer["channels"][TTestChannel] }) {
  const t = useTranslations("firstHour");
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: async () => {
      const result = await api.post<{ ID: number }>("company/testMessage", { channel });
      if (result.ok) toast.success(result.envelope.msg);
      await refreshReads(client, CHECKLIST);
    },
  });
  const test = state.test;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={!state.ready || state.to === null || send.isPending}
        onClick={() => send.mutate()}
        data-testid={`first-hour-test-${channel}`}
      >
        <Send aria-hidden />
        {t("test.send")}
      </Button>
      {state.to === null && <span className="text-xs text-muted-foreground">{t(`test.noAddress.${channel}`)}</span>}
      {test && (
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid={`first-hour-test-${channel}-state`} data-status={test.status}>
          <Badge variant={test.status === "failed" ? "destructive" : MOVING.has(test.status) ? "secondary" : "success"}>{t(`state.${test.status}`)}</Badge>
          <span className="[overflow-wrap:anywhere]">{t("test.to", { address: test.address })}</span>
          {test.error && <span className="[overflow-wrap:anywhere]">{test.error}</span>}
        </span>
      )}
    </div>
  );
}

/** The staff step's own action: pick a staff member and send them their invitation (as the staff list's row action). */
function InviteStaff() {
  const t = useTranslations("firstHour");
  const id = useId();
  const client = useQueryClient();
  const staff = useQuery(apiGet<ListAnswer<PickOption>>("admStaff/get", { query: { pick: "true", PageSize: 100 }, notify: false }));
  const [chosen, setChosen] = useState("");
  const invite = useMutation({
    mutationFn: async () => {
      const result = await api.post<TInviteAnswer>(`admStaff/invite/${chosen}`);
      if (result.ok) toast.success(result.envelope.msg);
      await refreshReads(client, CHECKLIST);
    },
  });
  const people = staff.data?.Results ?? [];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-xs text-muted-foreground">
          {t("invite.who")}
        </label>
        <NativeSelect id={id} value={chosen} onChange={(e) => setChosen(e.target.value)} className="h-8 min-w-44 text-sm" data-testid="first-hour-invite-who">
          <option value="">{t("invite.choose")}</option>
          {people.map((p) => (
            <option key={p.ID} value={p.ID}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="button" size="sm" variant="outline" disabled={!chosen || invite.isPending} onClick={() => invite.mutate()} data-testid="first-hour-invite">
        <Send aria-hidden />
        {t("invite.send")}
      </Button>
    </div>
  );
}

/**
 * The first hour of a new school (002 §2 home): a checklist for its administrators that ticks itself as the data
 * appears (read again when the window regains focus, and every few seconds while a test message travels). Each step
 * opens the screen that does it; the channels send a test message through the delivery pipeline. Hidden for the
 * whole school by choice (Tenant.settings), and shown again from the line that stays.
 */
export function FirstHourChecklist({ onEditProfile }: { onEditProfile: () => void }) {
  const session = useAppSession();
  const allowed = session.user.roleCode >= COMPANY_ROLE_MIN;
  const t = useTranslations("firstHour");
  const client = useQueryClient();
  const read = apiGet<TCompanyChecklistAnswer>(CHECKLIST, { notify: false });
  const { data } = useQuery({
    ...read,
    enabled: allowed,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const channels = query.state.data?.channels;
      return channels && [channels.mail.test, channels.whatsapp.test].some((x) => x && MOVING.has(x.status)) ? POLL_MS : false;
    },
  });
  const dismiss = useMutation({
    mutationFn: async (dismissed: boolean) => {
      const result = await api.post<{ dismissed: boolean }>(CHECKLIST, { dismissed });
      if (result.ok) client.setQueryData<TCompanyChecklistAnswer>(read.queryKey, (old) => (old ? { ...old, dismissed } : old));
    },
  });
  if (!allowed || !data) return null;
  if (data.dismissed) {
    return (
      <div className="flex justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={() => dismiss.mutate(false)} data-testid="first-hour-show">
          <ListChecks aria-hidden />
          {t("show")}
        </Button>
      </div>
    );
  }
  const paths = new Map(walkMenu(session.menu).flatMap(({ item }) => (item.path ? [[item.ID, item.path] as const] : [])));
  const byId = new Map(data.steps.map((s) => [s.id, s]));
  const percent = Math.round((data.done / data.total) * 100);
  const complete = data.done === data.total;

  return (
    <section aria-labelledby="first-hour-title" className="flex flex-col gap-3" data-testid="first-hour">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="first-hour-title" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          <ListChecks className="size-4" aria-hidden />
          {t("title")}
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={() => dismiss.mutate(true)} data-testid="first-hour-dismiss">
          {complete ? t("done") : t("hide")}
        </Button>
      </div>
      <div className="flex flex-col gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-xs">
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium" data-testid="first-hour-progress">
            {t("progress", { done: data.done, total: data.total })}
          </p>
          <div
            role="progressbar"
            aria-label={t("progressLabel")}
            aria-valuemin={0}
            aria-valuemax={data.total}
            aria-valuenow={data.done}
            aria-valuetext={t("progress", { done: data.done, total: data.total })}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {(Object.keys(CHECKLIST_STEPS) as TChecklistPart[]).map((part) => (
            <div key={part} className="flex min-w-0 flex-col gap-2">
              <h3 className="text-sm font-semibold">{t(`parts.${part}`)}</h3>
              <ul className="flex flex-col gap-2">
                {CHECKLIST_STEPS[part].map((id) => {
                  const step = byId.get(id)!;
                  const module = STEP_MODULE[id];
                  const path = module ? paths.get(module) : undefined;
                  const channel = id === "mail" || id === "whatsapp" ? data.channels[id] : null;
                  return (
                    <li key={id} className="flex min-w-0 items-start gap-2" data-testid={`first-hour-step-${id}`} data-done={step.done}>
                      {step.done ? (
                        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                      ) : (
                        <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                      )}
                      <div className="flex min-w-0 flex-1 flex-col gap-1">
                        <div className="flex flex-wrap items-baseline gap-x-2">
                          {path ? (
                            <Link
                              href={path}
                              className={cn("text-sm font-medium text-primary underline-offset-4 hover:underline")}
                              data-testid={`first-hour-open-${id}`}
                            >
                              {t(`steps.${id}.label`)}
                            </Link>
                          ) : PROFILE_STEPS.includes(id) ? (
                            <button
                              type="button"
                              onClick={onEditProfile}
                              className="text-left text-sm font-medium text-primary underline-offset-4 hover:underline"
                              data-testid={`first-hour-open-${id}`}
                            >
                              {t(`steps.${id}.label`)}
                            </button>
                          ) : (
                            <span className="text-sm font-medium">{t(`steps.${id}.label`)}</span>
                          )}
                          <span className="sr-only">{step.done ? t("stateDone") : t("stateTodo")}</span>
                          <span className="text-xs text-muted-foreground" data-testid={`first-hour-count-${id}`}>
                            {channel ? (channel.ready ? t("ready") : t("notReady")) : t(`steps.${id}.count`, { count: step.count })}
                          </span>
                        </div>
                        {id === "mail" && channel && (
                          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]" data-testid="first-hour-mail-sender">
                            {channel.viaDeployment ? t("mailVia", { sender: channel.sender ?? "" }) : t("mailOwn", { sender: channel.sender ?? "" })}
                          </p>
                        )}
                        {id === "whatsapp" && channel && (
                          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                            {channel.sender ? t("whatsappNumber", { number: channel.sender }) : t("whatsappNone")}
                          </p>
                        )}
                        {channel && <TestMessage channel={id as TTestChannel} state={channel} />}
                        {id === "staffInvited" && paths.has("admStaff") && <InviteStaff />}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
