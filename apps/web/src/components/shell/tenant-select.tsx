"use client";

import type { TLoginAnswer, TTenant } from "@pizarra/contracts";
import { NativeSelect } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { adoptTenantDefaults } from "@/client/preferences.ts";
import { storeLoginAnswer } from "@/client/session.ts";

/**
 * Shown only for a person with more than one school (spec 000 §2.2); the first entry is a placeholder. Choosing a
 * school fetches its menu with a token valid there only, stores it and loads /app/home again.
 */
export function TenantSelect({ tenants, currentId }: { tenants: TTenant[]; currentId: number }) {
  const t = useTranslations("shell");
  const [switching, setSwitching] = useState(false);

  const choose = async (value: string) => {
    const id = Number(value);
    if (!value || !Number.isInteger(id) || id === currentId) return;
    setSwitching(true);
    const result = await api.get<TLoginAnswer>(`admStaff/tenants/${id}/menu`);
    if (!result.ok) {
      setSwitching(false);
      return;
    }
    storeLoginAnswer(result.envelope.data);
    adoptTenantDefaults(result.envelope.data.defaultLang, result.envelope.data.color);
    window.location.assign("/app/home");
  };

  return (
    <NativeSelect
      data-testid="tenant-select"
      aria-label={t("tenant")}
      title={t("tenant")}
      value={String(currentId)}
      disabled={switching}
      wrapperClassName="w-auto shrink-0"
      className="h-8 max-w-48 pr-7 pl-2 text-xs"
      onChange={(event) => void choose(event.target.value)}
    >
      <option value="">{t("tenantPlaceholder")}</option>
      {tenants.map((tenant) => (
        <option key={tenant.id} value={String(tenant.id)}>
          {tenant.name}
        </option>
      ))}
    </NativeSelect>
  );
}
