"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_TYPES,
  companyLabel,
  THEME_COLORS,
  ZCompanyProfile,
  type TUploadAnswer,
  type TCompanyProfileAnswer,
  type TCompanyProfileInput,
  type TCompanyProfileSave,
  type TLoginAnswer,
} from "@pizarra/contracts";
import { phoneCountries } from "@pizarra/contracts/phone";
import {
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
  NativeSelect,
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  toast,
} from "@pizarra/ui";
import { LoaderCircle, RotateCw, Save } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { storeLoginAnswer } from "@/client/session.ts";
import { zonesWith } from "@/client/time-zones.ts";
import { useErrorMap } from "@/client/validation.ts";
import { type CloseGuard, CloseGuardScope, useReportDirty } from "../resource/close-guard.tsx";
import { extensionOf, readBase64 } from "../resource/upload-files.ts";
import { postWithProgress } from "../resource/upload-request.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { useAppSession } from "../shell/session-context.tsx";

type FormValues = Required<TCompanyProfileInput>;
type TextField = Exclude<keyof FormValues, "color" | "timeZone" | "quietFrom" | "quietTo" | "givenNamesFirst" | "defaultCountry">;

const TEXT_FIELDS: Array<{ name: TextField; type: string; autoComplete?: string; max: number }> = [
  { name: "name", type: "text", autoComplete: "organization", max: 150 },
  { name: "email", type: "email", autoComplete: "email", max: 254 },
  { name: "domain", type: "text", max: 253 },
  { name: "tel", type: "tel", autoComplete: "tel", max: 20 },
  { name: "cel", type: "tel", autoComplete: "tel", max: 20 },
  { name: "supportEmail", type: "email", max: 254 },
  { name: "mailFrom", type: "email", max: 254 },
  { name: "mailFromName", type: "text", max: 100 },
  { name: "whatsappPhoneNumberId", type: "text", max: 64 },
];

const formValuesOf = (profile: TCompanyProfileAnswer): FormValues => ({
  name: profile.name,
  email: profile.email ?? "",
  domain: profile.domain ?? "",
  tel: profile.tel ?? "",
  cel: profile.cel ?? "",
  color: (THEME_COLORS as readonly string[]).includes(profile.color) ? (profile.color as FormValues["color"]) : THEME_COLORS[0],
  supportEmail: profile.supportEmail ?? "",
  timeZone: profile.timeZone,
  quietFrom: profile.quietFrom,
  quietTo: profile.quietTo,
  givenNamesFirst: profile.givenNamesFirst,
  mailFrom: profile.mailFrom ?? "",
  mailFromName: profile.mailFromName ?? "",
  defaultCountry: profile.defaultCountry,
  whatsappPhoneNumberId: profile.whatsappPhoneNumberId ?? "",
});

/** The profile form: the shared contract schema through zodResolver; a chosen logo is uploaded after the save. */
function CompanyForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: TCompanyProfileAnswer;
  /** `done`: the whole form went through, the drawer closes. */
  onSaved: (next: TCompanyProfileAnswer, done: boolean) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("company");
  const ts = useTranslations("shell.themes");
  const locale = useLocale() === "en" ? "en" : "es";
  const errorMap = useErrorMap(companyLabel);
  const resolver = useMemo(() => zodResolver(ZCompanyProfile, { error: errorMap }), [errorMap]);
  const form = useForm<TCompanyProfileInput, unknown, TCompanyProfileSave>({ resolver, defaultValues: formValuesOf(profile) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [logo, setLogo] = useState<File | null>(null);
  useReportDirty(isDirty || logo !== null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const zones = useMemo(() => zonesWith(profile.timeZone, locale), [profile.timeZone, locale]);
  const countries = useMemo(() => phoneCountries(locale), [locale]);

  const chooseLogo = (file: File | null) => {
    setLogo(null);
    setLogoError(undefined);
    if (!file) return;
    // The server judges by name and bytes too; this spares an upload that would be refused.
    if (!(COMPANY_LOGO_TYPES as readonly string[]).includes(extensionOf(file.name))) setLogoError(t("logoTypes"));
    else if (file.size > COMPANY_LOGO_MAX_BYTES) setLogoError(t("logoSize"));
    else setLogo(file);
  };

  const save = form.handleSubmit(async (values) => {
    if (logoError) return;
    const saved = await api.post<TCompanyProfileAnswer>("company/profile", values);
    if (!saved.ok) {
      const serverErrors = (saved.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const [name, message] of Object.entries(serverErrors)) form.setError(name as keyof FormValues, { type: "server", message });
      return;
    }
    let next = saved.envelope.data;
    toast.success(saved.envelope.msg || t("saved"), { duration: SUCCESS_TOAST_MS });
    if (logo) {
      const uploaded = await postWithProgress<TUploadAnswer>("company/file", { name: logo.name, doc: false, data: await readBase64(logo) });
      if (!uploaded.ok) {
        // The profile itself is saved; the logo's refusal stays beside its field, the drawer open for another file.
        const refusal = (uploaded.envelope.data as { errors?: Record<string, string> } | null)?.errors?.img;
        setLogoError(refusal ?? (uploaded.envelope.msg || t("logoFailed")));
        form.reset(formValuesOf(next));
        onSaved(next, false);
        return;
      }
      next = { ...next, img: uploaded.envelope.data.url };
    }
    onSaved(next, true);
  });

  const text = (name: TextField, hint?: string) => {
    const spec = TEXT_FIELDS.find((f) => f.name === name)!;
    const id = `company-${name}`;
    const error = errors[name]?.message;
    return (
      <Field key={name} id={id} label={t(`fields.${name}`)} error={error} hint={hint}>
        <Input {...fieldControl(id, error)} {...form.register(name)} type={spec.type} autoComplete={spec.autoComplete ?? "off"} maxLength={spec.max} />
      </Field>
    );
  };
  const time = (name: "quietFrom" | "quietTo") => {
    const id = `company-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={t(`fields.${name}`)} error={error}>
        <Input {...fieldControl(id, error)} {...form.register(name)} type="time" step={60} />
      </Field>
    );
  };

  return (
    <>
      <SheetBody className="py-5">
        <form id="company-form" noValidate onSubmit={(event) => void save(event)} className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">{text("name")}</div>
          {text("email")}
          {text("domain")}
          {text("tel")}
          {text("cel")}
          <div className="sm:col-span-2">{text("supportEmail")}</div>
          <Field id="company-color" label={t("fields.color")} error={errors.color?.message}>
            <NativeSelect {...fieldControl("company-color", errors.color?.message)} {...form.register("color")}>
              {THEME_COLORS.map((color) => (
                <option key={color} value={color}>
                  {ts(color.split(".")[1] as "blue")}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="company-timeZone" label={t("fields.timeZone")} error={errors.timeZone?.message}>
            <NativeSelect {...fieldControl("company-timeZone", errors.timeZone?.message)} {...form.register("timeZone")}>
              {zones.map(({ zone, label }) => (
                <option key={zone} value={zone}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">{t("quietHours")}</legend>
            <p className="text-xs text-muted-foreground sm:col-span-2">{t("quietHint")}</p>
            {time("quietFrom")}
            {time("quietTo")}
          </fieldset>
          <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">{t("messaging")}</legend>
            <Field id="company-givenNamesFirst" label={t("fields.givenNamesFirst")} error={errors.givenNamesFirst?.message} hint={t("givenNamesFirstHint")}>
              <NativeSelect
                {...fieldControl("company-givenNamesFirst", errors.givenNamesFirst?.message)}
                {...form.register("givenNamesFirst", { setValueAs: (value: unknown) => value === true || value === "true" })}
              >
                <option value="false">{t("namesSurnamesFirst")}</option>
                <option value="true">{t("namesGivenFirst")}</option>
              </NativeSelect>
            </Field>
            <Field id="company-defaultCountry" label={t("fields.defaultCountry")} error={errors.defaultCountry?.message} hint={t("countryHint")}>
              <NativeSelect {...fieldControl("company-defaultCountry", errors.defaultCountry?.message)} {...form.register("defaultCountry")}>
                {countries.map((country) => (
                  <option key={country.ID} value={country.ID}>
                    {country.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {text("mailFrom", t("mailHint"))}
            {text("mailFromName")}
            <div className="sm:col-span-2">{text("whatsappPhoneNumberId", t("whatsappHint"))}</div>
          </fieldset>
          <Field id="company-img" label={t("fields.img")} error={logoError} hint={t("logoHint")} className="sm:col-span-2">
            <Input
              {...fieldControl("company-img", logoError)}
              type="file"
              accept={COMPANY_LOGO_TYPES.map((ext) => `.${ext}`).join(",")}
              onChange={(event) => chooseLogo(event.target.files?.[0] ?? null)}
            />
          </Field>
        </form>
      </SheetBody>
      <SheetFooter className="justify-between">
        <Button variant="outline" onClick={onCancel} data-testid="company-close">
          {t("cancel")}
        </Button>
        <Button type="submit" form="company-form" disabled={isSubmitting} data-testid="company-save">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {t("save")}
        </Button>
      </SheetFooter>
    </>
  );
}

/** Spec 000 §4 / 002 §4: after a save the person is asked whether to reload, which applies the new name, colour and logo. */
function ReloadPrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("company");
  const tc = useTranslations("common");
  const session = useAppSession();
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    setBusy(true);
    // The shell shows the school from the stored login answer: it is fetched anew before the page reloads.
    const menu = await api.get<TLoginAnswer>(`admStaff/tenants/${session.tenant.id}/menu`, { notify: false });
    if (menu.ok) storeLoginAnswer(menu.envelope.data);
    window.location.reload();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={tc("close")} data-testid="company-reload">
        <DialogHeader>
          <DialogTitle>{t("reloadTitle")}</DialogTitle>
          <DialogDescription>{t("reloadQuestion")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy} data-testid="company-reload-later">
            {t("notNow")}
          </Button>
          <Button onClick={() => void reload()} disabled={busy} data-testid="company-reload-now">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />}
            {t("reload")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The profile drawer and, after a save, the reload question; mounted by the first click on Edit. */
export function CompanyEditor({
  profile,
  editing,
  guard,
  onClose,
  onCancel,
  onSaved,
}: {
  profile: TCompanyProfileAnswer;
  editing: boolean;
  guard: CloseGuard;
  /** After a save: closes without asking. */
  onClose: () => void;
  /** Every other way out: asks first when the form holds unsaved changes. */
  onCancel: () => void;
  onSaved: (next: TCompanyProfileAnswer) => void;
}) {
  const t = useTranslations("company");
  const tc = useTranslations("common");
  const [askReload, setAskReload] = useState(false);
  return (
    <>
      <Sheet open={editing} onOpenChange={(open) => !open && onCancel()}>
        <SheetContent closeLabel={tc("close")} data-testid="company-sheet" className="gap-0 sm:max-w-2xl">
          <SheetHeader>
            <SheetTitle>{t("editTitle")}</SheetTitle>
            <SheetDescription>{t("editDescription")}</SheetDescription>
          </SheetHeader>
          {editing && (
            <CloseGuardScope guard={guard}>
              <CompanyForm
                profile={profile}
                onCancel={onCancel}
                onSaved={(next, done) => {
                  onSaved(next);
                  setAskReload(done);
                  if (done) onClose();
                }}
              />
            </CloseGuardScope>
          )}
        </SheetContent>
      </Sheet>
      <ReloadPrompt open={askReload} onClose={() => setAskReload(false)} />
    </>
  );
}
