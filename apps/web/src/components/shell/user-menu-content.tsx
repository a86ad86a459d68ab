"use client";

import type { TSessionUser } from "@pizarra/contracts";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@pizarra/ui";
import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactElement } from "react";
import { logout } from "@/client/api.ts";
import { forgetThisDevice, PushToggle } from "./push-toggle.tsx";

/** The user menu with Logout, mounted open by its first click (see DeferredOverlay). */
export function UserMenuContent({ trigger, user, schoolName }: { trigger: ReactElement; user: TSessionUser; schoolName: string }) {
  const t = useTranslations("shell");
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="text-sm font-medium text-foreground">{user.name}</span>
          {user.email && <span className="truncate text-xs text-muted-foreground">{user.email}</span>}
          <span className="truncate text-xs text-muted-foreground">{schoolName}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <PushToggle />
        <DropdownMenuItem data-testid="logout" variant="destructive" onSelect={() => void forgetThisDevice().finally(logout)}>
          <LogOut aria-hidden />
          {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
