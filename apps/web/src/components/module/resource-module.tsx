"use client";

import { screenDefinitionOf } from "@pizarra/contracts";
import { ResourceScreen } from "../resource/resource-screen.tsx";
import { ModulePending } from "./module-pending.tsx";

/**
 * The generic module screen of a module's resource definition. The definitions of every module are looked up here,
 * in the chunk that draws them, so that the special screens do not carry them.
 */
export function ResourceModule({ moduleId, title, canWrite }: { moduleId: string; title: string; canWrite: boolean }) {
  const resource = screenDefinitionOf(moduleId);
  if (!resource) return <ModulePending special={false} />;
  return <ResourceScreen key={resource.id} def={resource} title={title} canWrite={canWrite} />;
}
