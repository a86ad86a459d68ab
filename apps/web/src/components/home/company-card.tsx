"use client";

import { COMPANY_ROLE_MIN, type TCompanyProfileAnswer } from "@pizarra/contracts";
import { Button } from "@pizarra/ui";
import { Building2, Pencil } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiGet } from "@/client/api-query.ts";
import { zoneLabel } from "@/client/time-zones.ts";
import { useGuardedHashModal } from "../resource/close-guard.tsx";
import { useAppSession } from "../shell/session-context.tsx";

/** The drawer, its form, schema and validator are fetched when Edit is first clicked: most visits to home never edit. */
const CompanyEditor = dynamic(() => import("./company-form.tsx").then((m) => m.CompanyEditor));

/** A detail wraps rather than being cut: on a phone a zone's name or a long address would lose its end. */
function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The company profile card of the home screen (000 §2.5, 002 §2): only for role 95 or above (000 §6), and only when
 * the server gives the profile (it also asks for module management's right). Shows the logo, name, e-mail, phones,
 * time zone and quiet hours; Edit opens the profile form in a drawer.
 */
export function CompanyCard({ opening = 0 }: { opening?: number }) {
  const session = useAppSession();
  const allowed = session.user.roleCode >= COMPANY_ROLE_MIN;
  const t = useTranslations("company");
  const locale = useLocale();
  const client = useQueryClient();
  // A refusal (a role or right the stored session no longer shows) hides the card rather than raising a toast.
  const read = apiGet<TCompanyProfileAnswer>("company/profile", { notify: false });
  const profile = useQuery({ ...read, enabled: allowed }).data;
  const [editing, setEditing] = useState(false);
  // The drawer stays mounted once opened, so that it can animate out and ask about the reload after a save.
  const [everEdited, setEverEdited] = useState(false);
  const { guard, close, requestClose } = useGuardedHashModal(editing, "company-profile", () => setEditing(false));
  // Asked from elsewhere on home (the first hour's checklist): each new number opens the editor once.
  const [opened, setOpened] = useState(0);
  if (opening !== opened) {
    setOpened(opening);
    if (opening > 0) {
      setEverEdited(true);
      setEditing(true);
    }
  }

  if (!allowed || !profile) return null;
  const none = t("none");
  const phones = [profile.tel, profile.cel].filter(Boolean).join(" · ") || none;
  const quiet = profile.quietFrom ? t("quietRange", { from: profile.quietFrom, to: profile.quietTo }) : t("noQuietHours");

  return (
    <section aria-labelledby="company-card-title" className="flex flex-col gap-3" data-testid="company-card">
      <h2 id="company-card-title" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        <Building2 className="size-4" aria-hidden />
        {t("title")}
      </h2>
      <div className="flex flex-col gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-xs sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          {profile.img ? (
            // A signed link to a stored file of this school, not a page asset: next/image would only proxy it.
            <img src={profile.img} alt={t("logoAlt", { name: profile.name })} className="size-14 shrink-0 rounded-md border bg-white object-contain" />
          ) : (
            <span className="flex size-14 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
              <Building2 className="size-6" aria-hidden />
            </span>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <p className="truncate text-lg font-semibold" data-testid="company-card-name">
              {profile.name}
            </p>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Detail label={t("fields.email")} value={profile.email ?? none} testId="company-card-email" />
              <Detail label={t("phones")} value={phones} testId="company-card-phones" />
              <Detail label={t("fields.timeZone")} value={zoneLabel(profile.timeZone, locale)} testId="company-card-time-zone" />
              <Detail label={t("quietHours")} value={quiet} testId="company-card-quiet" />
            </dl>
          </div>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            setEverEdited(true);
            setEditing(true);
          }}
          data-testid="company-edit"
          className="self-start"
        >
          <Pencil aria-hidden />
          {t("edit")}
        </Button>
      </div>
      {everEdited && (
        <CompanyEditor
          profile={profile}
          editing={editing}
          guard={guard}
          onClose={close}
          onCancel={requestClose}
          onSaved={(next: TCompanyProfileAnswer) => client.setQueryData(read.queryKey, next)}
        />
      )}
    </section>
  );
}
