import { flattenCatalogue, MODULE_IDS } from "@pizarra/contracts";
import { redirect } from "next/navigation";
import { ModuleScreen } from "@/components/module/module-screen.tsx";

const HEADINGS = new Set(
  flattenCatalogue()
    .filter((entry) => entry.isHeading)
    .map((entry) => entry.id),
);

/** Spec 000 §2.1: each menu module id is /app/{moduleId}; an unknown module (or a menu heading) goes to /error. */
export default async function ModulePage({ params }: { params: Promise<{ moduleId: string }> }) {
  const { moduleId } = await params;
  if (!MODULE_IDS.has(moduleId) || HEADINGS.has(moduleId)) redirect("/error");
  return <ModuleScreen moduleId={moduleId} />;
}
