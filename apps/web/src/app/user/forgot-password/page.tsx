import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from "@pizarra/ui";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forgot"))("metaTitle") };
}

/** Spec 000 §2.1: a static page with an e-mail field and a reset button; no call is made. */
export default async function ForgotPasswordPage() {
  const t = await getTranslations("forgot");
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle className="text-xl">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="forgot-email">{t("email")}</Label>
            <Input id="forgot-email" name="email" type="email" autoComplete="email" data-testid="forgot-email" />
          </div>
          <Button type="button" className="w-full" data-testid="forgot-submit">
            {t("submit")}
          </Button>
          <Link href="/user/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
            {t("backToLogin")}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
