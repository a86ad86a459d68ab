"use client";

import { splitTags, type FieldDef } from "@pizarra/contracts";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { SORTABLE_SEPARATOR } from "./fields/sortable-input.tsx";
import { usePickLabel } from "./fields/use-options.ts";
import type { ResourceText } from "./resource-text.ts";
import { isBlank } from "./values.ts";

/** Rich text as the server stored it (sanitised there before storing). */
function Html({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = html;
  }, [html]);
  return <div ref={ref} className="[&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5" />;
}

function PickedName({ resource, value }: { resource: string; value: unknown }) {
  return <>{usePickLabel(resource, value)}</>;
}

/** A field's value for reading (the preview): labels instead of codes, yes/no instead of flags. */
export function RecordValue({ field, value, text }: { field: FieldDef; value: unknown; text: ResourceText }) {
  const t = useTranslations("moduleScreen");
  if (field.type === "switch" || field.type === "checkbox") return <>{value ? t("yes") : t("no")}</>;
  if (isBlank(value)) return <span className="text-muted-foreground">—</span>;
  if (field.type === "password") return <>••••••</>;
  if (field.type === "editor") return <Html html={String(value)} />;
  // Upload fields arrive as their signed link (`<field>Url`).
  if (field.type === "image") return <img src={String(value)} alt={text.field(field.name)} className="max-h-32 max-w-full rounded-md border object-contain" />;
  if (field.type === "file" || field.type === "dropzone") {
    return (
      <a href={String(value)} target="_blank" rel="noreferrer" className="text-primary underline">
        {t("storedFile")}
      </a>
    );
  }
  const source = field.options;
  const list = Array.isArray(value)
    ? value
    : field.type === "sortable"
      ? String(value).split(SORTABLE_SEPARATOR)
      : field.type === "tag"
        ? splitTags(value)
        : [value];
  if (source?.kind === "resource") {
    return (
      <>
        {list.map((item, i) => (
          <span key={String(item)}>
            {i > 0 && ", "}
            <PickedName resource={source.resource} value={item} />
          </span>
        ))}
      </>
    );
  }
  if (source?.kind === "values") return <>{list.map((item) => text.option(field.name, item)).join(", ")}</>;
  return <span className="whitespace-pre-wrap">{list.map(String).join(", ")}</span>;
}
