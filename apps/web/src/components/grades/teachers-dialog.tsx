"use client";

import { RESOURCES } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { GridPagination } from "../resource/grid-pagination.tsx";
import { useResourceList } from "../resource/use-resource-list.ts";
import type { SheetFilters } from "./filter-model.ts";

/** 000 §2.9: the teachers' list shows 50 to a page. */
const TEACHERS = { ...RESOURCES.admActivityMasters, pageSize: 50 };
/** 000 §7: admActivityMasters/get/ with alterType 5 asks for teachers. */
const TEACHER_TYPE = 5;

function TeacherList({ filters }: { filters: SheetFilters }) {
  const t = useTranslations("gradeSheet");
  const list = useResourceList(TEACHERS, {
    filters: { alterType: TEACHER_TYPE, superSectionId: filters.superSectionId, sectionId: filters.sectionId, activityId: filters.activityId },
    search: "",
  });
  return (
    <div className="flex flex-col gap-3">
      <div className="max-h-[60vh] overflow-auto rounded-md border">
        <table className="w-full text-sm" data-testid="grade-teachers-table">
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("teacherName")}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("teacherCourse")}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.ID} className="border-t">
                <td className="px-3 py-1.5">{String(row.userName ?? "")}</td>
                <td className="px-3 py-1.5 text-muted-foreground">{String(row.activityName ?? "")}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.loading && <LoaderCircle className="m-3 size-4 animate-spin text-muted-foreground" aria-label={t("loading")} />}
      </div>
      <GridPagination list={list} />
    </div>
  );
}

/**
 * 000 §2.9 'Profesores': the teachers of the grade, section and course chosen, in a table of names; each with the
 * course they teach, since without a course chosen a teacher of several shows once for each. Mounted while open: the
 * list is read each time it opens.
 */
export function TeachersDialog({ filters, onClose }: { filters: SheetFilters; onClose: () => void }) {
  const t = useTranslations("gradeSheet");
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t("close")} data-testid="grade-teachers" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("teachers")}</DialogTitle>
        </DialogHeader>
        <TeacherList filters={filters} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} data-testid="grade-teachers-close">
            {t("close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
