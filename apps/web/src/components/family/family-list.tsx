"use client";

import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

/** A row of a family list: the person and their link's chips, and its actions beside them (below on a phone). */
export const FAMILY_ROW_CLASS = "flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between";

interface FamilyListProps {
  /** DOM id of the heading (the section is named by it). */
  titleId: string;
  title: string;
  testId: string;
  /** The buttons beside the heading, for whoever may change the links. */
  actions?: ReactNode;
  pending: boolean;
  loadingText: string;
  /** Shown when the list has no rows. */
  emptyText: string;
  empty: boolean;
  /** The rows (`li`, FAMILY_ROW_CLASS). */
  children: ReactNode;
}

/** A record's family panel: a titled list of links (a student's relatives, a relative's children), loading or empty. */
export function FamilyList({ titleId, title, testId, actions, pending, loadingText, emptyText, empty, children }: FamilyListProps) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border p-4" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {title}
        </h3>
        {actions}
      </div>
      {pending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {loadingText}
        </p>
      ) : empty ? (
        <p className="text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
          {emptyText}
        </p>
      ) : (
        <ul className="flex flex-col divide-y">{children}</ul>
      )}
    </section>
  );
}
