"use client";

import type { TSessionUser } from "@pizarra/contracts";
import {
  Avatar,
  AvatarFallback,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@pizarra/ui";
import { ChevronDown, LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { logout } from "@/client/api.ts";
import { forgetThisDevice, PushToggle } from "./push-toggle.tsx";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/** The header's user name and tag (spec 000 §2.2) and the user menu with Logout. */
export function UserMenu({ user, schoolName }: { user: TSessionUser; schoolName: string }) {
  const t = useTranslations("shell");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its content (what it shows, then what it is), so that a voice user can say what they see. */}
        <Button variant="ghost" data-testid="user-menu" className="h-10 shrink-0 gap-2 px-1.5 sm:px-2">
          <Avatar className="size-7" aria-hidden>
            <AvatarFallback>{initials(user.name)}</AvatarFallback>
          </Avatar>
          <span className="hidden min-w-0 flex-col items-start leading-tight md:flex">
            <span data-testid="header-user-name" className="max-w-36 truncate text-sm font-medium">
              {user.name}
            </span>
            {user.tag && (
              <span data-testid="header-user-tag" className="max-w-36 truncate text-xs font-normal text-muted-foreground">
                {user.tag}
              </span>
            )}
          </span>
          <ChevronDown className="hidden size-3.5 text-muted-foreground md:block" aria-hidden />
          <span className="sr-only">{t("userMenu")}</span>
        </Button>
      </DropdownMenuTrigger>
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
