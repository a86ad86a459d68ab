import type { FieldDef } from "@pizarra/contracts";
import { fieldControl } from "@pizarra/ui";
import type { ResourceText } from "../resource-text.ts";

/** What every field widget receives: the definition, its value and how to change it, and where it sits. */
export interface WidgetProps {
  field: FieldDef;
  /** DOM id, unique in the document (a child sheet's form prefixes its ids). */
  id: string;
  /** Stable test hook: `field-<name>` in forms, `filter-<name>` in the filter form. */
  testId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  disabled: boolean;
  error?: string;
  text: ResourceText;
  /** The current value of the field named by `options.dependsOn` (a form field, or the parent record). */
  dependsValue?: unknown;
  /** Filters: an empty choice reads "all" rather than "choose". */
  emptyLabel?: string;
}

/** fieldControl's id and aria wiring, with the test id kept apart from the DOM id. */
export function controlProps(props: Pick<WidgetProps, "id" | "testId" | "error">) {
  return { ...fieldControl(props.id, props.error), "data-testid": props.testId };
}

export const asText = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
