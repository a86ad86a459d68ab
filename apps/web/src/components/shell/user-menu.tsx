"use client";

import type { TSessionUser } from "@pizarra/contracts";
import { Avatar, AvatarFallback, Button } from "@pizarra/ui";
import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { onFirstUse } from "../on-first-use.tsx";
import { DeferredOverlay, type DeferredTriggerProps } from "./deferred-overlay.tsx";

const loadMenu = () => import("./user-menu-content.tsx");
// Until its code has arrived, the button stays as it was drawn.
const UserMenuContent = onFirstUse(
  () => loadMenu().then((m) => m.UserMenuContent),
  ({ trigger }) => trigger,
);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

function UserButton({ user, ...props }: { user: TSessionUser } & DeferredTriggerProps) {
  const t = useTranslations("shell");
  return (
    // Named by its content (what it shows, then what it is), so that a voice user can say what they see.
    <Button variant="ghost" data-testid="user-menu" aria-haspopup="menu" aria-expanded={false} className="h-10 shrink-0 gap-2 px-1.5 sm:px-2" {...props}>
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
  );
}

/** The header's user name and tag (spec 000 §2.2) and the user menu with Logout. */
export function UserMenu({ user, schoolName }: { user: TSessionUser; schoolName: string }) {
  return (
    <DeferredOverlay
      load={loadMenu}
      trigger={(props) => <UserButton user={user} {...props} />}
      overlay={(trigger) => <UserMenuContent trigger={trigger} user={user} schoolName={schoolName} />}
    />
  );
}
