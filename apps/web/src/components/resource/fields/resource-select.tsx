"use client";

import { Avatar, AvatarFallback, AvatarImage, Button, cn, Input, Popover, PopoverContent, PopoverTrigger } from "@pizarra/ui";
import { Check, ChevronsUpDown, LoaderCircle, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { normalise } from "@/client/menu.ts";
import type { PickOption } from "../types.ts";
import { sameId } from "../values.ts";
import { knownPickName, usePickLabel, useFieldOptions } from "./use-options.ts";
import { controlProps, type WidgetProps } from "./widget-props.ts";

function OptionRow({ option, selected }: { option: PickOption; selected: boolean }) {
  return (
    <>
      {option.img !== undefined && (
        <Avatar className="size-6">
          {option.img && <AvatarImage src={option.img} alt="" />}
          <AvatarFallback className="text-[10px]">{option.name.slice(0, 1).toUpperCase()}</AvatarFallback>
        </Avatar>
      )}
      {/* The whole label, wrapped: "Matemática · 3.º A" and "Matemática · 3.º B" must be told apart. */}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="break-words">{option.name}</span>
        {option.desc && <span className="break-words text-xs text-muted-foreground">{option.desc}</span>}
      </span>
      <Check className={cn("size-4 shrink-0 text-primary", selected ? "opacity-100" : "opacity-0")} aria-hidden />
    </>
  );
}

/** Case and accents aside, the words typed all in an option's label ("mate 3a" finds "Matemática · 3.º A"). */
const holdsWords = (option: PickOption, typed: string) => {
  const label = normalise(`${option.name} ${option.desc ?? ""}`);
  return normalise(typed)
    .split(/\s+/)
    .every((word) => label.includes(word));
};

/**
 * A searchable select over another resource's pick list (spec 000 §2.8 and §7 "Option lists"): the rows show name,
 * image and description; typing searches the server after 400 ms, and a list of its own (`path`: the grade sheet's
 * courses, the location cascade), which may answer unsearched, is narrowed as the words are typed. `multiple` keeps
 * an array of IDs. A chosen value is named from the list, loaded as soon as the select holds one, and read as a record
 * only when the list does not hold it: a teacher may pick a colleague from a list without the right to open their file.
 */
export function ResourceSelect(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled, dependsValue, emptyLabel } = props;
  const t = useTranslations("moduleScreen");
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const resource = field.options?.kind === "resource" ? field.options.resource : null;
  const values = field.multiple ? (Array.isArray(value) ? value : []) : value === null || value === undefined || value === "" ? [] : [value];
  const { options: loaded, loading } = useFieldOptions(field, props.text, dependsValue, search, open || values.length > 0);
  const ownList = field.options?.kind === "resource" && field.options.path !== undefined;
  const options = ownList && search.trim() ? loaded.filter((o) => holdsWords(o, search.trim())) : loaded;
  const listed = (v: unknown) => loaded.find((o) => sameId(o.ID, v))?.name ?? (resource ? knownPickName(resource, v) : undefined);
  const single = field.multiple ? undefined : values[0];
  const recordLabel = usePickLabel(resource, single !== undefined && listed(single) === undefined && !loading ? single : null);
  const label = field.multiple ? values.map((v) => listed(v) ?? String(v)).join(", ") : single === undefined ? "" : (listed(single) ?? recordLabel);
  const optionId = (index: number) => `${listId}-${index}`;
  const required = Boolean(field.rules?.required);

  const choose = (option: PickOption | null) => {
    if (field.multiple) {
      if (!option) return onChange([]);
      const has = values.some((v) => sameId(v, option.ID));
      onChange(has ? values.filter((v) => !sameId(v, option.ID)) : [...values, option.ID]);
      return;
    }
    onChange(option ? option.ID : "");
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    }
  };

  return (
    <Popover
      modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setSearch("");
        setActive(0);
        if (!next) onBlur?.();
      }}
    >
      <PopoverTrigger asChild disabled={disabled}>
        <Button
          {...controlProps(props)}
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          title={label || undefined}
          className="h-9 w-full justify-between px-3 font-normal aria-invalid:border-destructive"
        >
          <span className={cn("truncate", !label && "text-muted-foreground")}>{label || emptyLabel || t("choose")}</span>
          <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label={t("searchOptions")}
        className="flex w-[max(var(--radix-popover-trigger-width),min(24rem,calc(100vw-2rem)))] flex-col gap-1 p-1.5"
        onOpenAutoFocus={(e) => {
          // The search box, not the first option. Focused here, once the popover's focus scope has taken over from the
          // drawer's or dialog's around it: an autoFocus would come first and be taken back by theirs.
          e.preventDefault();
          searchRef.current?.focus();
        }}
      >
        <Input
          ref={searchRef}
          value={search}
          placeholder={t("searchOptions")}
          aria-label={t("searchOptions")}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options[active] ? optionId(active) : undefined}
          data-testid={`${props.testId}-search`}
          onChange={(e) => {
            setSearch(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-8"
        />
        <div id={listId} role="listbox" aria-label={t("searchOptions")} aria-multiselectable={field.multiple || undefined} className="max-h-72 overflow-y-auto">
          {!required && !field.multiple && values.length > 0 && (
            <button
              type="button"
              className="flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm text-muted-foreground hover:bg-accent"
              onClick={() => choose(null)}
            >
              <X className="size-4" aria-hidden />
              {emptyLabel ?? t("clearChoice")}
            </button>
          )}
          {options.map((option, index) => {
            const selected = values.some((v) => sameId(v, option.ID));
            return (
              <button
                key={String(option.ID)}
                id={optionId(index)}
                type="button"
                role="option"
                aria-selected={selected}
                tabIndex={-1}
                data-testid={`option-${option.ID}`}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option)}
                className={cn(
                  "flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none",
                  index === active && "bg-accent text-accent-foreground",
                )}
              >
                <OptionRow option={option} selected={selected} />
              </button>
            );
          })}
          {loading && (
            <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t("loading")}
            </p>
          )}
          {!loading && options.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("noOptions")}</p>}
        </div>
      </PopoverContent>
    </Popover>
  );
}
