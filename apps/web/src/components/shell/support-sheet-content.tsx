"use client";

import {
  Button,
  Field,
  fieldControl,
  Input,
  NativeSelect,
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
  Textarea,
  toast,
  WithTooltip,
} from "@pizarra/ui";
import { SUPPORT_MAX, type TContactUs, type TContactUsAnswer } from "@pizarra/contracts";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactElement, useEffect, useRef, useState } from "react";
import { api } from "@/client/api.ts";

const REASONS = ["problem", "question", "billing", "suggestion"] as const;
/** Spec 000 §9: support send debounce 500 ms. */
const SEND_DEBOUNCE_MS = 500;

/**
 * The contact-support side modal (spec 002 §5): reason, summary and the sender's e-mail, checked with the spec's two
 * messages, then POST tenants/contact/us/ (002 §7) 500 ms after the click. The server queues the message to the
 * school's support and a copy to the sender, and says so; a failure is the spec's toast (002 §8).
 */
export function SupportSheetContent({ trigger, defaultSender }: { trigger: ReactElement; defaultSender: string }) {
  const t = useTranslations("support");
  const tc = useTranslations("common");
  // Mounted by the first click on its button (see DeferredOverlay), so it starts open.
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState("");
  const [summary, setSummary] = useState("");
  const [sender, setSender] = useState(defaultSender);
  const [sending, setSending] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason || !summary.trim()) {
      toast.error(t("missingReasonOrSummary"), { id: "support-invalid" });
      return;
    }
    if (!sender.includes("@")) {
      toast.error(t("missingEmail"), { id: "support-invalid" });
      return;
    }
    setSending(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(async () => {
      const body: TContactUs = { Subject: t(`reasons.${reason}`), Body: summary.trim(), Sender: sender.trim() };
      const res = await api.post<TContactUsAnswer>("tenants/contact/us/", body, { notify: false });
      setSending(false);
      if (!res.ok) {
        toast.error(t("failed"), { id: "support-failed", description: res.envelope.msg || undefined });
        return;
      }
      toast.success(res.envelope.msg, { id: "support-sent" });
      setReason("");
      setSummary("");
      setOpen(false);
    }, SEND_DEBOUNCE_MS);
  };

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <WithTooltip label={t("title")}>
        <SheetTrigger asChild>{trigger}</SheetTrigger>
      </WithTooltip>
      <SheetContent closeLabel={tc("close")} className="gap-0">
        <form onSubmit={submit} noValidate className="flex h-full flex-col">
          <SheetHeader>
            <SheetTitle>{t("title")}</SheetTitle>
            <SheetDescription>{t("description")}</SheetDescription>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-4 py-5">
            <Field id="support-reason" label={t("reason")}>
              <NativeSelect {...fieldControl("support-reason")} value={reason} onChange={(e) => setReason(e.target.value)}>
                <option value="">{t("reasonPlaceholder")}</option>
                {REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`reasons.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="support-summary" label={t("summary")}>
              <Textarea
                {...fieldControl("support-summary")}
                rows={6}
                maxLength={SUPPORT_MAX.Body}
                placeholder={t("summaryPlaceholder")}
                value={summary}
                onChange={(e) => setSummary(e.target.value)}
              />
            </Field>
            <Field id="support-sender" label={t("sender")}>
              <Input
                {...fieldControl("support-sender")}
                type="email"
                autoComplete="email"
                maxLength={SUPPORT_MAX.Sender}
                value={sender}
                onChange={(e) => setSender(e.target.value)}
              />
            </Field>
          </SheetBody>
          <SheetFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" data-testid="support-submit" disabled={sending}>
              {sending && <LoaderCircle className="animate-spin" aria-hidden />}
              {t("submit")}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
