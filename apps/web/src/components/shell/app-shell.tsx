"use client";

import type { TLoginAnswer, TTenantsAnswer } from "@pizarra/contracts";
import { TooltipProvider } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { LOGIN_PATH } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import { adoptTenantDefaults } from "@/client/preferences.ts";
import { storeLoginAnswer, storeTenants, useSession } from "@/client/session.ts";
import { SessionProvider } from "./session-context.tsx";
import { ShellFrame } from "./shell-frame.tsx";

/**
 * On /app load the menu (and token) is fetched again, so that access changes show without signing in again; so are
 * the school's default language and colour, so that a change saved in its profile shows at the next page load.
 */
function useSessionRefresh(signedIn: boolean) {
  const router = useRouter();
  // Read at each mount of the shell, never from an earlier mount's answer: that would put back a session that a
  // switch of school has replaced since.
  const { data } = useQuery({ ...apiGet<TLoginAnswer>("admStaff/loginToken"), enabled: signedIn, gcTime: 0 });
  const tenants = useQuery({ ...apiGet<TTenantsAnswer>("admStaff/tenants", { notify: false }), enabled: Boolean(data?.multiTenant), gcTime: 0 }).data;
  useEffect(() => {
    if (!data) return;
    storeLoginAnswer(data);
    if (adoptTenantDefaults(data.defaultLang, data.color)) router.refresh();
  }, [data, router]);
  useEffect(() => {
    if (tenants) storeTenants(tenants);
  }, [tenants]);
}

/**
 * Spec 000 §2.1 / §6: only a signed-in admin user may enter /app; anyone else goes to /user/login. The guard runs in
 * the browser because the token lives in local storage; every API call checks the token again on the server.
 */
export function AppShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations("common");
  const session = useSession();
  const router = useRouter();
  useEffect(() => {
    if (session === null) router.replace(LOGIN_PATH);
  }, [session, router]);
  useSessionRefresh(Boolean(session));

  if (!session) {
    return (
      <div className="flex min-h-dvh items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {t("loading")}
      </div>
    );
  }
  return (
    // Tooltips live only inside the shell; the sign-in pages do not ship their provider.
    <TooltipProvider>
      <SessionProvider value={session}>
        <ShellFrame session={session}>{children}</ShellFrame>
      </SessionProvider>
    </TooltipProvider>
  );
}
