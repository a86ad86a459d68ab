"use client";

import type { FieldDef } from "@pizarra/contracts";
import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

/**
 * Spec 000 §4: a child field with a parent is reset when the parent's value changes. Only a person's change counts
 * (react-hook-form reports it as type "change"): loading a record for editing sets both without clearing either.
 */
export function useDependentReset(form: UseFormReturn<FieldValues>, fields: readonly FieldDef[], empty: (field: FieldDef) => unknown) {
  useEffect(() => {
    const children = fields.filter((f) => f.options?.kind === "resource" && f.options.dependsOn);
    if (children.length === 0) return;
    const subscription = form.watch((_values, { name, type }) => {
      if (type !== "change" || !name) return;
      for (const child of children) {
        if (child.options?.kind === "resource" && child.options.dependsOn === name) {
          form.setValue(child.name, empty(child), { shouldDirty: true });
        }
      }
    });
    return () => subscription.unsubscribe();
  }, [form, fields, empty]);
}
