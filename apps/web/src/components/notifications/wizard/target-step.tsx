"use client";

import { WIZARD_TARGETS } from "@pizarra/contracts";
import { Button, Field, fieldControl, NativeSelect, Textarea } from "@pizarra/ui";
import { useIsFetching, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { apiGet, apiKey } from "@/client/api-query.ts";
import { FileDrop } from "../../resource/file-drop.tsx";
import type { ListAnswer, PickOption } from "../../resource/types.ts";
import { readBase64 } from "../../resource/upload-files.ts";
import { type StepProps, WizardField } from "./wizard-field.tsx";

/** The communication groups whose members' numbers can be loaded (their pick list, as many as a person scrolls). */
const GROUPS = apiGet<ListAnswer<PickOption>>("admGroup/get", { query: { staff: "0", pick: "true", PageSize: 200 } });
const membersPath = (groupId: string) => `admUser/group/${groupId}`;

/**
 * Step 2 (002 §2): who receives it — the guardians, children or teachers of some sections or of some children,
 * chosen guardians, a group, or specific numbers (002 §2, §5: pasted one per line with country code, a CSV file's
 * first column, or loaded from a group's members).
 */
export function TargetStep(step: StepProps) {
  const t = useTranslations("wizard");
  const { disabled } = step;
  const { control, setValue, clearErrors } = useFormContext();
  const { field: target, fieldState: targetState } = useController({ name: "target", control });
  const { field: phoneList, fieldState: phoneListState } = useController({ name: "phoneList", control });
  const { field: file, fieldState: fileState } = useController({ name: "numbersFile", control });
  const numbers = target.value === "numbers";
  const groups = useQuery({ ...GROUPS, enabled: numbers }).data?.Results ?? [];
  const client = useQueryClient();
  const [source, setSource] = useState("");
  const loading = useIsFetching({ queryKey: apiKey(membersPath(source)) }) > 0;
  const targetError = targetState.error?.message;
  const phoneListError = phoneListState.error?.message;
  const fileError = fileState.error?.message;

  /** New numbers: what the numbers step refused of the earlier ones no longer holds. */
  const takeNumbers = (change: () => void) => {
    change();
    clearErrors(["phoneList", "numbersFile"]);
  };

  /** A group's members' mobile numbers, added under those already typed (002 §2 "loading the numbers from a group"). */
  const load = async () => {
    const members = await client.fetchQuery(apiGet<ListAnswer<{ cel?: string | null }>>(membersPath(source))).catch(() => null);
    if (!members) return;
    const typed = String(phoneList.value)
      .split(/\r?\n/)
      .map((line) => line.trim());
    const found = members.Results.map((member) => (member.cel ?? "").trim()).filter((cel) => cel && !typed.includes(cel));
    takeNumbers(() => phoneList.onChange([...typed.filter(Boolean), ...found].join("\n")));
  };

  const takeFile = async (chosen: File) => {
    const data = await readBase64(chosen);
    takeNumbers(() => file.onChange({ name: chosen.name, data }));
  };

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <Field id="wizard-target" label={t("target")} error={targetError} className="sm:col-span-2">
        <NativeSelect
          {...fieldControl("wizard-target", targetError)}
          value={target.value}
          disabled={disabled}
          onChange={(event) => {
            target.onChange(event.target.value);
            setValue("groupId", "");
            clearErrors(["target", "phoneList", "numbersFile"]);
          }}
        >
          <option value="">{t("chooseTarget")}</option>
          {WIZARD_TARGETS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`targets.${kind}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {(target.value === "sections" || target.value === "dependants") && <WizardField name="sendTo" {...step} full />}
      {target.value === "sections" && <WizardField name="sectionIds" {...step} />}
      {target.value === "dependants" && <WizardField name="userIds" {...step} />}
      {target.value === "principals" && <WizardField name="principalUserIds" {...step} />}
      {target.value === "group" && <WizardField name="groupId" {...step} full />}
      {numbers && (
        <>
          <Field id="wizard-phoneList" label={t("phoneList")} hint={t("phoneListHint")} error={phoneListError} className="sm:col-span-2">
            <Textarea
              {...fieldControl("wizard-phoneList", phoneListError)}
              rows={6}
              placeholder={"+51987654321\n+51912345678"}
              className="font-mono"
              value={phoneList.value}
              disabled={disabled}
              onChange={(event) => takeNumbers(() => phoneList.onChange(event.target.value))}
            />
          </Field>
          <Field id="wizard-numbersFile" label={t("numbersFile")} error={fileError} className="sm:col-span-2">
            <FileDrop
              accept=".csv,text/csv"
              disabled={disabled}
              onFile={(chosen) => void takeFile(chosen)}
              inputProps={fieldControl("wizard-numbersFile", fileError)}
            >
              {file.value ? t("fileChosen", { name: file.value.name }) : t("dropCsv")}
            </FileDrop>
          </Field>
          <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row sm:items-end">
            <Field id="wizard-numbersGroup" label={t("loadFromGroup")} className="flex-1">
              <NativeSelect {...fieldControl("wizard-numbersGroup")} value={source} disabled={disabled} onChange={(event) => setSource(event.target.value)}>
                <option value="">{t("chooseGroup")}</option>
                {groups.map((group) => (
                  <option key={group.ID} value={group.ID}>
                    {group.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Button variant="outline" disabled={disabled || !source || loading} onClick={() => void load()} data-testid="wizard-load-numbers">
              {loading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
              {t("load")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
