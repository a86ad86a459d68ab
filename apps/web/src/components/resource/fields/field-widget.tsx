"use client";

import type { FieldType } from "@pizarra/contracts";
import type { ComponentType } from "react";
import { ChoiceGroup, CheckboxInput, SliderInput, SwitchInput, ValueSelect } from "./choice-inputs.tsx";
import { ResourceSelect } from "./resource-select.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { SortableInput } from "./sortable-input.tsx";
import { AlertBlock, ButtonBlock, CustomPlaceholder, LabelBlock, SeparatorBlock } from "./static-blocks.tsx";
import { TagInput } from "./tag-input.tsx";
import { DateTimeInput, TextareaInput, TextInput } from "./text-inputs.tsx";
import { FileInput, ImageInput } from "./upload-inputs.tsx";
import { asText, type WidgetProps } from "./widget-props.ts";

function HiddenInput(props: WidgetProps) {
  return <input type="hidden" id={props.id} data-testid={props.testId} value={asText(props.value)} />;
}

function SelectInput(props: WidgetProps) {
  if (props.field.options?.kind === "resource") return <ResourceSelect {...props} />;
  return props.field.multiple ? <ChoiceGroup {...props} /> : <ValueSelect {...props} />;
}

/** One widget per field type of spec 000 §2.8. */
const WIDGETS: Record<FieldType, ComponentType<WidgetProps>> = {
  text: TextInput,
  password: TextInput,
  tel: TextInput,
  number: TextInput,
  textarea: TextareaInput,
  date: DateTimeInput,
  time: DateTimeInput,
  datetime: DateTimeInput,
  hidden: HiddenInput,
  select: SelectInput,
  radio: ChoiceGroup,
  radioGroup: ChoiceGroup,
  checkboxGroup: ChoiceGroup,
  switch: SwitchInput,
  checkbox: CheckboxInput,
  slider: SliderInput,
  tag: TagInput,
  sortable: SortableInput,
  editor: RichTextEditor,
  label: LabelBlock,
  alert: AlertBlock,
  separator: SeparatorBlock,
  button: ButtonBlock,
  image: ImageInput,
  file: FileInput,
  dropzone: FileInput,
  embed: CustomPlaceholder,
  custom: CustomPlaceholder,
};

export function FieldWidget(props: WidgetProps) {
  const Widget = WIDGETS[props.field.type];
  return <Widget {...props} />;
}

/** Types drawn without a label above them: they say what they are themselves, or sit beside their label. */
export const UNLABELLED_TYPES: ReadonlySet<FieldType> = new Set(["hidden", "label", "alert", "separator", "button"]);
export const INLINE_LABEL_TYPES: ReadonlySet<FieldType> = new Set(["switch", "checkbox"]);
