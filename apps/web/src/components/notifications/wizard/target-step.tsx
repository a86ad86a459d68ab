"use client";

import { Button, Field, fieldControl, NativeSelect, Textarea } from "@pizarra/ui";
import { Download, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "@/client/api.ts";
import { FileDrop } from "../../resource/file-drop.tsx";
import type { ListAnswer, PickOption } from "../../resource/types.ts";
import { readBase64 } from "../../resource/upload-files.ts";
import { type Target, TARGETS } from "./model.ts";
import { type StepProps, WizardField } from "./wizard-field.tsx";

/** Specific numbers (002 §2, §5): pasted one per line with country code, or a CSV file's first column. */
export interface Numbers {
  phoneList: string;
  file: { name: string; data: string } | null;
}

interface TargetStepProps extends StepProps {
  target: Target | "";
  onTarget: (target: Target) => void;
  numbers: Numbers;
  onNumbers: (numbers: Numbers) => void;
  errors: Record<string, string>;
}

/**
 * Step 2 (002 §2): who receives it — the guardians, children or teachers of some sections or of some children,
 * chosen guardians, a group, or specific numbers (typed, uploaded, or loaded from a group's members).
 */
export function TargetStep({ target, onTarget, numbers, onNumbers, errors, ...step }: TargetStepProps) {
  const t = useTranslations("wizard");
  const { disabled } = step;
  const [groups, setGroups] = useState<PickOption[]>([]);
  const [source, setSource] = useState("");
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (target !== "numbers") return;
    const controller = new AbortController();
    void api
      .get<ListAnswer<PickOption>>("admGroup/get", { query: { staff: "0", pick: "true", PageSize: 200 }, signal: controller.signal })
      .then((res) => res.ok && setGroups(res.envelope.data.Results));
    return () => controller.abort();
  }, [target]);

  /** A group's members' mobile numbers, added under those already typed (002 §2 "loading the numbers from a group"). */
  const load = async () => {
    setLoading(true);
    const res = await api.get<ListAnswer<{ cel?: string | null }>>(`admUser/group/${source}`);
    setLoading(false);
    if (!res.ok) return;
    const typed = numbers.phoneList.split(/\r?\n/).map((line) => line.trim());
    const found = res.envelope.data.Results.map((member) => (member.cel ?? "").trim()).filter((cel) => cel && !typed.includes(cel));
    onNumbers({ ...numbers, phoneList: [...typed.filter(Boolean), ...found].join("\n") });
  };

  const takeFile = async (chosen: File) => onNumbers({ ...numbers, file: { name: chosen.name, data: await readBase64(chosen) } });

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <Field id="wizard-target" label={t("target")} error={errors.target} className="sm:col-span-2">
        <NativeSelect
          {...fieldControl("wizard-target", errors.target)}
          value={target}
          disabled={disabled}
          onChange={(event) => onTarget(event.target.value as Target)}
        >
          <option value="">{t("chooseTarget")}</option>
          {TARGETS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`targets.${kind}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {(target === "sections" || target === "dependants") && <WizardField name="sendTo" {...step} full />}
      {target === "sections" && <WizardField name="sectionIds" {...step} />}
      {target === "dependants" && <WizardField name="userIds" {...step} />}
      {target === "principals" && <WizardField name="principalUserIds" {...step} />}
      {target === "group" && <WizardField name="groupId" {...step} full />}
      {target === "numbers" && (
        <>
          <Field id="wizard-phoneList" label={t("phoneList")} hint={t("phoneListHint")} error={errors.phoneList} className="sm:col-span-2">
            <Textarea
              {...fieldControl("wizard-phoneList", errors.phoneList)}
              rows={6}
              placeholder={"+51987654321\n+51912345678"}
              className="font-mono"
              value={numbers.phoneList}
              disabled={disabled}
              onChange={(event) => onNumbers({ ...numbers, phoneList: event.target.value })}
            />
          </Field>
          <Field id="wizard-numbersFile" label={t("numbersFile")} error={errors.data} className="sm:col-span-2">
            <FileDrop
              accept=".csv,text/csv"
              disabled={disabled}
              onFile={(chosen) => void takeFile(chosen)}
              inputProps={fieldControl("wizard-numbersFile", errors.data)}
            >
              {numbers.file ? t("fileChosen", { name: numbers.file.name }) : t("dropCsv")}
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
