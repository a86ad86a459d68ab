"use client";

import type { TDirectoryMailAnswer, TDirectorySendInput } from "@pizarra/contracts";
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  fieldControl,
  Input,
  Textarea,
  toast,
} from "@pizarra/ui";
import { LoaderCircle, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/client/api.ts";
import { answerOf, apiKey } from "@/client/api-query.ts";
import { CloseGuardScope, useGuardedHashModal } from "../resource/close-guard.tsx";
import type { OwnDialogProps } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";

/** Chips shown before "and N more": the popup stays readable for a whole grade's families. */
const SHOWN_CHIPS = 40;

type Refusal = { errors?: Record<string, string> } | null;

const NO_ADDRESSES: string[] = [];

/** A version-4 UUID; crypto.randomUUID exists only on secure origins, and a school may serve the app over plain HTTP. */
function newBatch(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The directory's compose popup (001 §2 "Directory", §9: 800x600): the checked rows' distinct addresses as bcc chips,
 * a subject and a text. Sending only queues the mail (one message per address) and answers how many were queued.
 */
export function DirectoryMailDialog({ open, rows, onClosed, onDone }: OwnDialogProps) {
  const t = useTranslations("directoryMail");
  const tc = useTranslations("common");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // One send per opening: a retried send (double click, lost answer) queues each address once on the server.
  const [batch, setBatch] = useState("");
  const { guard, close, requestClose } = useGuardedHashModal(open, "admDirectory-sendMail", () => {
    setSubject("");
    setBody("");
    setErrors({});
    setBatch("");
    onClosed();
  });
  const ids = rows.map((row) => Number(row.ID));
  const idsKey = ids.join(",");

  useEffect(() => {
    if (open) setBatch(newBatch());
  }, [open]);

  // The addresses are asked with a POST (the ids would not fit a query string), afresh at each opening (its batch);
  // none when nothing was checked or the call failed.
  const addresses = useQuery({
    queryKey: [...apiKey("admDirectory/mail"), idsKey, batch],
    queryFn: ({ signal }) => answerOf(api.post<TDirectoryMailAnswer>("admDirectory/mail", { ids: idsKey.split(",").map(Number) }, { signal, notify: false })),
    enabled: open && idsKey !== "" && batch !== "",
    gcTime: 0,
  });
  const bcc = !idsKey || addresses.isError ? NO_ADDRESSES : (addresses.data?.bcc ?? null);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    const sent: TDirectorySendInput = { batch, ids, subject, body };
    const res = await api.post<Refusal>("admDirectory/mail/send", sent, { notify: false });
    setSending(false);
    if (res.ok) {
      toast.success(res.envelope.msg, { duration: SUCCESS_TOAST_MS });
      onDone();
      close();
      return;
    }
    const fieldErrors = res.envelope.data?.errors ?? {};
    setErrors(fieldErrors);
    if (!fieldErrors.subject && !fieldErrors.body) toast.error(res.envelope.msg || t("failed"), { id: "directory-mail-failed" });
  };

  const empty = bcc !== null && bcc.length === 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent closeLabel={tc("close")} className="flex max-h-[min(600px,100dvh)] flex-col sm:max-w-[800px]" data-testid="directory-mail">
        <CloseGuardScope guard={guard} dirty={subject !== "" || body !== ""}>
          <form onSubmit={(e) => void send(e)} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t("title")}</DialogTitle>
              <DialogDescription>{empty ? (ids.length ? t("noAddresses") : t("nothingChecked")) : t("description")}</DialogDescription>
            </DialogHeader>
            <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-0.5">
              <section aria-label={t("bcc")} className="flex flex-col gap-2">
                <span className="text-sm font-medium">{t("bccCount", { count: bcc?.length ?? 0 })}</span>
                {bcc === null ? (
                  <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-label={t("loading")} />
                ) : (
                  <ul className="flex flex-wrap gap-1.5" data-testid="directory-mail-bcc">
                    {bcc.slice(0, SHOWN_CHIPS).map((address) => (
                      <li key={address}>
                        <Badge variant="secondary" className="max-w-full truncate font-normal">
                          {address}
                        </Badge>
                      </li>
                    ))}
                    {bcc.length > SHOWN_CHIPS && <li className="text-xs text-muted-foreground">{t("more", { count: bcc.length - SHOWN_CHIPS })}</li>}
                  </ul>
                )}
              </section>
              <Field id="directory-mail-subject" label={t("fields.subject")} error={errors.subject}>
                <Input
                  {...fieldControl("directory-mail-subject", errors.subject)}
                  maxLength={150}
                  value={subject}
                  onChange={(e) => {
                    setSubject(e.target.value);
                    setErrors(({ subject: _, ...rest }) => rest);
                  }}
                  disabled={empty}
                />
              </Field>
              <Field id="directory-mail-body" label={t("fields.body")} error={errors.body}>
                <Textarea
                  {...fieldControl("directory-mail-body", errors.body)}
                  rows={8}
                  maxLength={10_000}
                  value={body}
                  onChange={(e) => {
                    setBody(e.target.value);
                    setErrors(({ body: _, ...rest }) => rest);
                  }}
                  disabled={empty}
                />
              </Field>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={sending || !bcc?.length} data-testid="directory-mail-send">
                {sending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
                {t("send")}
              </Button>
            </DialogFooter>
          </form>
        </CloseGuardScope>
      </DialogContent>
    </Dialog>
  );
}
