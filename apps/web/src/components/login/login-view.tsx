"use client";

import { STORAGE_KEYS, type TSchoolBrandAnswer } from "@pizarra/contracts";
import { CardContent, Tabs, TabsContent, TabsList, TabsTrigger } from "@pizarra/ui";
import { useQuery } from "@tanstack/react-query";
import { Mail, Smartphone } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect } from "react";
import { apiGet } from "@/client/api-query.ts";
import { applyTheme, currentTheme, readStorage } from "@/client/preferences.ts";
import { parseTheme } from "@/client/theme.ts";
import { ScreenLoading } from "../screen-loading.tsx";
import { AuthCard } from "./auth-card.tsx";
import { EmailLoginForm } from "./email-login-form.tsx";

/** The phone tab (its country list and schema) is fetched when that tab opens: the e-mail tab is the one shown first. */
const PhoneLoginForm = dynamic(() => import("./phone-login-form.tsx").then((m) => m.PhoneLoginForm), { loading: ScreenLoading });

/**
 * The login card with the spec's two tabs, Cell phone and Email (000 §2.3). Email is selected first (most staff have a
 * password); the phone tab signs in with a PIN. A new school registers itself from here (/user/register). A school's
 * own link (`?school=alias`) shows its name and logo, and its colour unless the person chose one.
 */
export function LoginView({ school }: { school: string | null }) {
  const t = useTranslations("login");
  const { data: brand } = useQuery({
    ...apiGet<TSchoolBrandAnswer>("company/brand", { query: { school: school ?? "" }, notify: false }),
    enabled: school !== null,
  });
  useEffect(() => {
    const color = brand && parseTheme(brand.color);
    if (color && !parseTheme(readStorage(STORAGE_KEYS.theme))) applyTheme({ color: color.color, dark: currentTheme().dark });
  }, [brand]);
  return (
    <AuthCard
      title={t("title")}
      subtitle={t("subtitle")}
      brand={brand ? { name: brand.name, logo: brand.logo, logoAlt: t("schoolLogo", { school: brand.name }) } : null}
    >
      <CardContent className="flex flex-col gap-4">
        <Tabs defaultValue="email">
          <TabsList className="w-full">
            <TabsTrigger value="phone" data-testid="login-tab-phone">
              <Smartphone aria-hidden />
              {t("tabPhone")}
            </TabsTrigger>
            <TabsTrigger value="email" data-testid="login-tab-email">
              <Mail aria-hidden />
              {t("tabEmail")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="phone">
            <PhoneLoginForm />
          </TabsContent>
          <TabsContent value="email">
            <EmailLoginForm />
          </TabsContent>
        </Tabs>
        <Link
          href="/user/register"
          data-testid="login-register"
          className="self-center rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t("register")}
        </Link>
        <Link
          href="/user/forgot-password"
          className="self-center rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t("forgot")}
        </Link>
      </CardContent>
    </AuthCard>
  );
}
