"use client";

import { screenDefinitionOf, SPECIAL_SCREENS, type TLocale } from "@pizarra/contracts";
import { Badge, Button, toast } from "@pizarra/ui";
import { Construction, Lock } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, type ReactNode } from "react";
import { findMenuItem, menuLabel } from "@/client/menu.ts";
import { ActivitySessions } from "../attendance/activity-sessions.tsx";
import { AttendanceScreen } from "../attendance/attendance-screen.tsx";
import { GradeScreen } from "../grades/grade-screen.tsx";
import { JustificationScreen } from "../justifications/justification-screen.tsx";
import { ModuleIcon } from "../module-icon.tsx";
import { ModuleAdmin } from "./module-admin.tsx";
import { ResourceScreen } from "../resource/resource-screen.tsx";
import { useAppSession } from "../shell/session-context.tsx";

/** Special screens built so far, by module id; the rest of SPECIAL_SCREENS show a notice. */
const SPECIAL_SCREEN_COMPONENTS: Partial<Record<(typeof SPECIAL_SCREENS)[number], (props: { canWrite: boolean }) => ReactNode>> = {
  admModule: ModuleAdmin,
  admGrades: GradeScreen,
  admGradesBehavior: (props) => <GradeScreen {...props} mode="behavior" />,
  admGradesRep: (props) => <GradeScreen {...props} prefer={4} />,
  admGradesMaster: (props) => <GradeScreen {...props} prefer={1} />,
  admAttendanceControl: AttendanceScreen,
  admActivitySession: ActivitySessions,
  admJustification: JustificationScreen,
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
  const resource = special ? undefined : screenDefinitionOf(item.ID);
  const title = menuLabel(item, locale);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-4 sm:p-6">
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
      ) : resource ? (
        <ResourceScreen key={resource.id} def={resource} title={title} canWrite={item.write} />
      ) : (
        <section className="flex items-start gap-3 rounded-lg border border-dashed bg-card p-5 text-sm" data-testid="module-pending">
          <Construction className="mt-0.5 size-5 shrink-0 text-warning-foreground" aria-hidden />
          <div className="flex flex-col gap-1">
            <h2 className="font-medium">{t("comingSoonTitle")}</h2>
            <p className="text-muted-foreground">{special ? t("specialComingSoon") : t("comingSoon")}</p>
          </div>
        </section>
      )}
    </div>
  );
}
