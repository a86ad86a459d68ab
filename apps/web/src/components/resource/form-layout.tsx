"use client";

import type { FieldDef, LayoutDef, ResourceDef } from "@pizarra/contracts";
import { cn, Tabs, TabsContent, TabsList, TabsTrigger } from "@pizarra/ui";
import { Check, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import type { ResourceText } from "./resource-text.ts";

export interface LayoutState {
  /** collapsible: the open sections. */
  open: ReadonlySet<string>;
  /** tabs: the active tab; wizard: the current step's group. */
  current: string;
}

export const layoutOf = (def: ResourceDef): LayoutDef => def.layout ?? { kind: "plain", groups: [] };

/** The group a field sits in; a field without one (or an unknown one) joins the first group. */
export function groupOf(def: ResourceDef, field: FieldDef): string {
  const { groups } = layoutOf(def);
  return field.group && groups.includes(field.group) ? field.group : (groups[0] ?? "");
}

/** Every section starts open (the person may fold them); tabs and wizards start at the first group. */
export const initialLayoutState = (def: ResourceDef): LayoutState => {
  const { groups } = layoutOf(def);
  return { open: new Set(groups), current: groups[0] ?? "" };
};

/** Puts groups in view: opens their sections, and selects the tab or step of the first. */
export function revealGroups(state: LayoutState, groups: readonly string[]): LayoutState {
  const [first] = groups;
  if (first === undefined) return state;
  return { open: new Set([...state.open, ...groups]), current: first };
}

const Grid = ({ children }: { children: ReactNode }) => <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>;

interface FormLayoutProps {
  def: ResourceDef;
  text: ResourceText;
  state: LayoutState;
  onStateChange: (state: LayoutState) => void;
  /** wizard: whether the step list at the top can be clicked (only when editing, spec 000 §4). */
  stepNavigation: boolean;
  renderField: (field: FieldDef) => ReactNode;
  /** Groups holding a field with a message, marked in the headers. */
  invalidGroups: ReadonlySet<string>;
  /** The record's own panels in a group (ResourceDef.panels), drawn after its fields; null when it has none. */
  renderPanels?: (group: string) => ReactNode;
  /** The groups that hold a panel now: a group with neither fields nor a panel is not shown. */
  panelGroups?: ReadonlySet<string>;
}

/** The form's fields in the definition's layout (spec 000 §2.8): plain, collapsible, tabs, fieldsets or wizard. */
export function FormLayout({ def, text, state, onStateChange, stepNavigation, renderField, invalidGroups, renderPanels, panelGroups }: FormLayoutProps) {
  const full = layoutOf(def);
  const inGroup = (group: string) => def.fields.filter((f) => groupOf(def, f) === group);
  // A group only for a panel (a relative's children) is there once the record is, and the panel with it.
  const layout = full.kind === "wizard" ? full : { ...full, groups: full.groups.filter((g) => inGroup(g).length > 0 || panelGroups?.has(g)) };
  const fieldsOf = (group: string) => (
    <>
      {inGroup(group).length > 0 && <Grid>{inGroup(group).map(renderField)}</Grid>}
      {renderPanels?.(group)}
    </>
  );
  const dot = (group: string) =>
    invalidGroups.has(group) && <span className="size-1.5 rounded-full bg-destructive" aria-hidden data-testid={`group-invalid-${group}`} />;

  if (layout.kind === "plain" || layout.groups.length === 0) return <Grid>{def.fields.map(renderField)}</Grid>;

  if (layout.kind === "fieldsets") {
    return (
      <div className="flex flex-col gap-5">
        {layout.groups.map((group) => (
          <fieldset key={group} className="rounded-lg border px-4 pt-2 pb-4" data-testid={`group-${group}`}>
            <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
              {text.group(group)}
              {dot(group)}
            </legend>
            {fieldsOf(group)}
          </fieldset>
        ))}
      </div>
    );
  }

  if (layout.kind === "collapsible") {
    return (
      <div className="flex flex-col gap-3">
        {layout.groups.map((group) => {
          const open = state.open.has(group);
          const regionId = `${def.id}-group-${group}`;
          const toggle = () => {
            const next = new Set(state.open);
            if (open) next.delete(group);
            else next.add(group);
            onStateChange({ ...state, open: next });
          };
          return (
            <section key={group} className="rounded-lg border" data-testid={`group-${group}`}>
              <h3>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={regionId}
                  onClick={toggle}
                  data-testid={`group-toggle-${group}`}
                  className="flex w-full cursor-pointer items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-semibold outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="flex-1">{text.group(group)}</span>
                  {dot(group)}
                  <ChevronDown className={cn("size-4 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden />
                </button>
              </h3>
              <div id={regionId} hidden={!open} className="flex flex-col gap-4 border-t px-4 pt-3 pb-4">
                {fieldsOf(group)}
              </div>
            </section>
          );
        })}
      </div>
    );
  }

  if (layout.kind === "tabs") {
    return (
      <Tabs value={state.current} onValueChange={(current) => onStateChange({ ...state, current })}>
        <TabsList className="h-auto w-full flex-wrap justify-start">
          {layout.groups.map((group) => (
            <TabsTrigger key={group} value={group} data-testid={`group-tab-${group}`} className="flex-none">
              {text.group(group)}
              {dot(group)}
            </TabsTrigger>
          ))}
        </TabsList>
        {layout.groups.map((group) => (
          <TabsContent key={group} value={group} className="flex flex-col gap-6">
            {fieldsOf(group)}
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  const stepIndex = Math.max(0, layout.groups.indexOf(state.current));
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex flex-wrap items-center gap-2" aria-label={text.group(state.current)}>
        {layout.groups.map((group, index) => (
          <li key={group} className="flex items-center gap-2">
            <button
              type="button"
              disabled={!stepNavigation}
              aria-current={index === stepIndex ? "step" : undefined}
              onClick={() => onStateChange({ ...state, current: group })}
              data-testid={`wizard-step-${group}`}
              className={cn(
                "flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium enabled:cursor-pointer enabled:hover:bg-accent disabled:cursor-default",
                index === stepIndex && "border-primary bg-primary/10 text-primary",
                index < stepIndex && "text-muted-foreground",
              )}
            >
              <span className="flex size-5 items-center justify-center rounded-full bg-muted text-[11px] tabular-nums">
                {index < stepIndex ? <Check className="size-3" aria-hidden /> : index + 1}
              </span>
              {text.group(group)}
              {dot(group)}
            </button>
            {index < layout.groups.length - 1 && <span className="h-px w-4 bg-border" aria-hidden />}
          </li>
        ))}
      </ol>
      {fieldsOf(layout.groups[stepIndex]!)}
    </div>
  );
}
