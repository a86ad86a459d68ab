"use client";

import { SPECIAL_SCREENS, type TLocale } from "@pizarra/contracts";
import { Badge, Button, toast } from "@pizarra/ui";
import { Lock } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, type ComponentType, type ReactNode, useEffect, useState } from "react";
import { findMenuItem, menuLabel } from "@/client/menu.ts";
import { askOpening } from "../grades/opening.ts";
import { ModuleIcon } from "../module-icon.tsx";
import { useAppSession } from "../shell/session-context.tsx";
import { ModulePending } from "./module-pending.tsx";
import { onFirstUse } from "../on-first-use.tsx";
import { ScreenLoading } from "../screen-loading.tsx";

/**
 * One route serves every module, so each screen is its own chunk, fetched when a module needs it: the grade screen
 * does not ship the attendance screen, the resource definitions of every module or the module editor.
 */
const screenOf = <P extends object>(load: () => Promise<ComponentType<P>>) => onFirstUse(load, () => <ScreenLoading />);

const GradeScreen = screenOf(() => import("../grades/grade-screen.tsx").then((m) => m.GradeScreen));
const AttendanceScreen = screenOf(() => import("../attendance/attendance-screen.tsx").then((m) => m.AttendanceScreen));
const ActivitySessions = screenOf(() => import("../attendance/activity-sessions.tsx").then((m) => m.ActivitySessions));
const JustificationScreen = screenOf(() => import("../justifications/justification-screen.tsx").then((m) => m.JustificationScreen));
const InboxScreen = screenOf(() => import("../conversations/inbox-screen.tsx").then((m) => m.InboxScreen));
const ModuleAdmin = screenOf(() => import("./module-admin.tsx").then((m) => m.ModuleAdmin));
const BoardScreen = screenOf(() => import("../billing/board.tsx").then((m) => m.BoardScreen));
const ResourceModule = screenOf(() => import("./resource-module.tsx").then((m) => m.ResourceModule));

/** The grade screen, its first calls asked as it mounts rather than once its code has arrived. */
function Grades(props: ComponentProps<typeof GradeScreen>) {
  const client = useQueryClient();
  useState(() => askOpening(client, props.mode ?? "grades"));
  return <GradeScreen {...props} />;
}

/** Special screens built so far, by module id; the rest of SPECIAL_SCREENS show a notice. */
const SPECIAL_SCREEN_COMPONENTS: Partial<Record<(typeof SPECIAL_SCREENS)[number], (props: { canWrite: boolean }) => ReactNode>> = {
  admModule: ModuleAdmin,
  admGrades: Grades,
  admGradesBehavior: (props) => <Grades {...props} mode="behavior" />,
  admGradesRep: (props) => <Grades {...props} prefer={4} />,
  admGradesMaster: (props) => <Grades {...props} prefer={1} />,
  admAttendanceControl: AttendanceScreen,
  admActivitySession: ActivitySessions,
  admJustification: JustificationScreen,
  admConversations: InboxScreen,
  // 001 §7: the two pension boards are one screen; each reads and writes through its own module's calls.
  admBillingGrid: (props) => <BoardScreen {...props} module="admBilling" />,
  admOrderGrid: (props) => <BoardScreen {...props} module="admOrder" />,
};

/** Spec 000 §8: the permission toast lasts 3000 ms. */
const PERMISSION_TOAST_MS = 3000;

function NoPermission({ path }: { path: string }) {
  const t = useTranslations("module");
  useEffect(() => {
    // A fixed id: React's development double effects and re-renders show one toast, not several.
    toast.error(t("unauthorized"), { id: `no-permission:${path}`, duration: PERMISSION_TOAST_MS });
  }, [path, t]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-4 p-4 sm:p-6">
      <div
        role="alert"
        data-testid="no-permission"
        className="flex w-full items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm"
      >
        <Lock className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <p>{t("noPermission", { path })}</p>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link href="/app/home/start">{t("backHome")}</Link>
      </Button>
    </div>
  );
}

/**
 * /app/{moduleId} for a module the catalogue knows. Without it in the person's menu: the missing-permission message
 * (spec 000 §6). Otherwise the title by locale and the generic module screen of the module's resource definition;
 * a module without one yet (or with a special screen still to come) gets an honest notice.
 */
export function ModuleScreen({ moduleId }: { moduleId: string }) {
  const t = useTranslations("module");
  const locale = useLocale() as TLocale;
  const { menu } = useAppSession();
  const hit = findMenuItem(menu, moduleId);
  if (!hit || hit.item.path === null) return <NoPermission path={`/app/${moduleId}`} />;

  const { item, trail } = hit;
  const special = (SPECIAL_SCREENS as readonly string[]).includes(item.ID);
  const Special = special ? SPECIAL_SCREEN_COMPONENTS[item.ID as (typeof SPECIAL_SCREENS)[number]] : undefined;
  const title = menuLabel(item, locale);
  return (
    // At least the height of the shell's scrolling <main>: a generic list grows into what the header leaves it.
    <div className="mx-auto flex min-h-full w-full max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <header className="flex flex-col gap-1.5">
        {trail.length > 0 && (
          <nav aria-label={t("breadcrumb")} className="text-xs text-muted-foreground">
            {trail.map((heading) => menuLabel(heading, locale)).join(" › ")}
          </nav>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-md bg-primary/10 text-primary">
            <ModuleIcon name={item.icon} className="size-5" />
          </span>
          <h1 data-testid="module-title" className="text-2xl font-semibold tracking-tight">
            {title}
          </h1>
          <Badge variant={item.write ? "info" : "secondary"}>{item.write ? t("canEdit") : t("readOnly")}</Badge>
        </div>
      </header>
      {Special ? (
        <Special canWrite={item.write} />
      ) : special ? (
        <ModulePending special />
      ) : (
        <ResourceModule key={item.ID} moduleId={item.ID} title={title} canWrite={item.write} />
      )}
    </div>
  );
}
