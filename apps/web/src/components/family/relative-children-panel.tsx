"use client";

import { RESOURCES, type TFamilyChildrenAnswer } from "@pizarra/contracts";
import { Button } from "@pizarra/ui";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { answerOf, apiKey } from "@/client/api-query.ts";
import { useCanWrite, useInMenu } from "../resource/access.ts";
import { RecordSheet } from "../resource/record-sheet.tsx";
import { useResourceText } from "../resource/resource-text.ts";
import type { RecordPanelProps } from "../resource/types.ts";
import { FAMILY_ROW_CLASS, FamilyList } from "./family-list.tsx";
import { useFamilyText } from "./family-text.ts";
import { LinkChips } from "./link-chips.tsx";

const STUDENT = RESOURCES.admStudent;

/**
 * A relative's children in their record: the students they are linked to with what each link allows; whoever has the
 * students' module opens a student's record over this one (where their links are changed).
 */
export function RelativeChildrenPanel({ record, idPrefix }: RecordPanelProps) {
  const t = useTranslations("family.children");
  const text = useFamilyText();
  const studentText = useResourceText(STUDENT.id);
  const inMenu = useInMenu();
  const canWrite = useCanWrite();
  const path = `admRelatives/children/${encodeURIComponent(String(record.ID))}`;
  const children = useQuery({ queryKey: apiKey(path), queryFn: ({ signal }) => answerOf(api.get<TFamilyChildrenAnswer>(path, { signal })) });
  const [opened, setOpened] = useState<number | null>(null);
  const rows = children.data?.Results ?? [];
  const mayOpen = inMenu(STUDENT.module);
  return (
    <>
      <FamilyList
        titleId={`${idPrefix}family-children-title`}
        title={t("title")}
        testId="family-children"
        pending={children.isPending}
        loadingText={t("loading")}
        emptyText={t("empty")}
        empty={rows.length === 0}
      >
        {rows.map((child) => (
          <li key={child.studentId} className={FAMILY_ROW_CLASS} data-testid="family-child" data-student={child.studentId}>
            <div className="flex min-w-0 flex-col gap-1.5">
              <span className="font-medium break-words">{child.name}</span>
              <span className="text-xs text-muted-foreground">{[child.externalId, child.sectionName].filter(Boolean).join(" · ")}</span>
              <LinkChips link={child} text={text} />
            </div>
            {mayOpen && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setOpened(child.studentId)}
                aria-label={t("open", { name: child.name })}
                data-testid="family-open-student"
              >
                <ExternalLink aria-hidden />
                {t("openShort")}
              </Button>
            )}
          </li>
        ))}
      </FamilyList>
      {mayOpen && (
        <RecordSheet
          def={STUDENT}
          title={studentText.title()}
          target={opened === null ? null : { mode: "edit", id: opened }}
          canWrite={canWrite(STUDENT.module)}
          level={1}
          onClosed={() => setOpened(null)}
          onSaved={() => setOpened(null)}
        />
      )}
    </>
  );
}
