"use client";

import { splitTags, TAG_SEPARATOR } from "@pizarra/contracts";
import { Badge, cn } from "@pizarra/ui";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { controlProps, type WidgetProps } from "./widget-props.ts";

/** Spec 000 §5: an invalid tag shows 'invalid tag' for 4 s; tab and enter add a tag. */
const INVALID_TAG_MS = 4000;

/** Tags kept as one comma-separated text; the field's `rules.pattern`, when set, checks each tag. */
export function TagInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled } = props;
  const t = useTranslations("moduleScreen");
  const [draft, setDraft] = useState("");
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const tags = splitTags(value);
  const pattern = field.rules?.pattern ? new RegExp(field.rules.pattern) : null;

  const add = (): boolean => {
    const tag = draft.replaceAll(TAG_SEPARATOR, " ").trim();
    if (!tag) return false;
    if (pattern && !pattern.test(tag)) {
      setInvalid(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setInvalid(false), INVALID_TAG_MS);
      return true;
    }
    if (!tags.includes(tag)) onChange([...tags, tag].join(TAG_SEPARATOR));
    setDraft("");
    return true;
  };

  return (
    <div className="flex flex-col gap-1">
      <div
        className={cn(
          "flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1 shadow-xs focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40",
          props.error && "border-destructive",
          disabled && "cursor-not-allowed opacity-50",
        )}
      >
        {tags.map((tag) => (
          <Badge key={tag} variant="secondary" className="gap-1">
            {tag}
            {!disabled && (
              <button
                type="button"
                className="cursor-pointer rounded-sm opacity-70 hover:opacity-100"
                aria-label={t("removeTag", { tag })}
                onClick={() => onChange(tags.filter((x) => x !== tag).join(TAG_SEPARATOR))}
              >
                <X className="size-3" aria-hidden />
              </button>
            )}
          </Badge>
        ))}
        <input
          {...controlProps(props)}
          value={draft}
          disabled={disabled}
          placeholder={tags.length ? undefined : t("addTag")}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === "Enter" || (e.key === "Tab" && draft.trim())) {
              if (add()) e.preventDefault();
            } else if (e.key === "Backspace" && !draft && tags.length) {
              onChange(tags.slice(0, -1).join(TAG_SEPARATOR));
            }
          }}
          className="h-7 min-w-24 flex-1 bg-transparent text-sm outline-none disabled:cursor-not-allowed"
        />
      </div>
      {invalid && (
        <p role="status" className="text-xs text-destructive">
          {t("invalidTag")}
        </p>
      )}
    </div>
  );
}
