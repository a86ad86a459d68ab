"use client";

import { Sheet, SheetContent, SheetTitle } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import { BrandMark } from "../brand.tsx";

/** On phones the menu opens as a drawer from the left, headed by the product and the school. */
export function MobileMenu({
  open,
  onOpenChange,
  tenantName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantName: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("shell");
  const tc = useTranslations("common");
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" closeLabel={t("menuToggle")} className="gap-0 p-0">
        <div className="flex h-14 shrink-0 items-center gap-2 border-b px-4 pr-12">
          <BrandMark className="size-7" />
          <SheetTitle className="flex min-w-0 flex-col text-sm leading-tight">
            {tc("appName")}
            <span className="truncate text-xs font-normal text-muted-foreground">{tenantName}</span>
          </SheetTitle>
        </div>
        {children}
      </SheetContent>
    </Sheet>
  );
}
