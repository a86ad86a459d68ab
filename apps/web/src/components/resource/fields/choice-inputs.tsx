"use client";

import { Checkbox, cn, NativeSelect, Switch } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { sameId } from "../values.ts";
import { useFieldOptions } from "./use-options.ts";
import { asText, controlProps, type WidgetProps } from "./widget-props.ts";

/** A select over a fixed list (labels from `resources.<id>.options.<field>.<value>`): the platform's own <select>. */
export function ValueSelect(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled, emptyLabel } = props;
  const t = useTranslations("moduleScreen");
  const { options } = useFieldOptions(field, props.text, props.dependsValue);
  return (
    <NativeSelect
      {...controlProps(props)}
      value={asText(value)}
      disabled={disabled}
      onBlur={onBlur}
      // The option's own value (a number stays a number); "" is the empty choice.
      onChange={(e) => onChange(options.find((o) => String(o.ID) === e.target.value)?.ID ?? "")}
    >
      <option value="">{emptyLabel ?? t("choose")}</option>
      {options.map((option) => (
        <option key={String(option.ID)} value={String(option.ID)}>
          {option.name}
        </option>
      ))}
    </NativeSelect>
  );
}

function OptionsLoading() {
  const t = useTranslations("moduleScreen");
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      {t("loading")}
    </p>
  );
}

/**
 * radio / radioGroup (one value) and checkboxGroup or a multiple select over fixed values (an array): a group of
 * native-feeling controls. The group itself carries the id, so that a failed submit can scroll to it.
 */
export function ChoiceGroup(props: WidgetProps) {
  const { field, value, onChange, disabled } = props;
  const { options, loading } = useFieldOptions(field, props.text, props.dependsValue);
  const many = field.type === "checkboxGroup" || Boolean(field.multiple);
  const chosen = many ? (Array.isArray(value) ? value : []) : [value];
  const inline = field.type === "radio";
  const toggle = (id: string | number, on: boolean) => onChange(on ? [...chosen.filter((v) => !sameId(v, id)), id] : chosen.filter((v) => !sameId(v, id)));

  return (
    <div
      {...controlProps(props)}
      role={many ? "group" : "radiogroup"}
      aria-labelledby={`${props.id}-label`}
      tabIndex={-1}
      className={cn("flex gap-x-5 gap-y-2 rounded-md outline-none", inline ? "flex-row flex-wrap" : "flex-col")}
    >
      {loading && <OptionsLoading />}
      {options.map((option) => {
        const optionId = `${props.id}-${option.ID}`;
        const checked = chosen.some((v) => sameId(v, option.ID));
        return (
          <label key={String(option.ID)} htmlFor={optionId} className="flex cursor-pointer items-center gap-2 text-sm has-disabled:cursor-not-allowed">
            {many ? (
              <Checkbox id={optionId} checked={checked} disabled={disabled} onCheckedChange={(on) => toggle(option.ID, on === true)} />
            ) : (
              <input
                id={optionId}
                type="radio"
                name={props.id}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.ID)}
                className="size-4 cursor-pointer accent-primary disabled:cursor-not-allowed"
              />
            )}
            {option.name}
          </label>
        );
      })}
    </div>
  );
}

export function SwitchInput(props: WidgetProps) {
  const { value, onChange, disabled } = props;
  return <Switch {...controlProps(props)} checked={value === true} disabled={disabled} onCheckedChange={(on) => onChange(on)} />;
}

export function CheckboxInput(props: WidgetProps) {
  const { value, onChange, disabled } = props;
  return <Checkbox {...controlProps(props)} checked={value === true} disabled={disabled} onCheckedChange={(on) => onChange(on === true)} />;
}

/** A range between the field's minValue and maxValue (0-100 unless told), its value shown beside it. */
export function SliderInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled } = props;
  const min = field.rules?.minValue ?? 0;
  const max = field.rules?.maxValue ?? 100;
  const current = value === null || value === undefined || value === "" ? min : Number(value);
  return (
    <div className="flex items-center gap-3">
      <input
        {...controlProps(props)}
        type="range"
        min={min}
        max={max}
        step={field.step ?? 1}
        value={current}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-2 flex-1 cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
      />
      <output htmlFor={props.id} className="w-12 text-right text-sm tabular-nums">
        {current}
      </output>
    </div>
  );
}
