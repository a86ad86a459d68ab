import { Button, Card, CardDescription, CardHeader, CardTitle } from "@pizarra/ui";
import { BookOpenCheck, Building2, Megaphone } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { BrandMark } from "@/components/brand.tsx";
import { LocaleSelect } from "@/components/locale-select.tsx";
import { RedirectIfSignedIn } from "@/components/redirect-if-signed-in.tsx";

export default async function Landing() {
  const t = await getTranslations("landing");
  const features = [
    { icon: BookOpenCheck, title: t("featureAcademic"), text: t("featureAcademicText") },
    { icon: Megaphone, title: t("featureComms"), text: t("featureCommsText") },
    { icon: Building2, title: t("featureSchools"), text: t("featureSchoolsText") },
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <RedirectIfSignedIn />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-5">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <BrandMark />
          {t("title")}
        </span>
        <LocaleSelect />
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col justify-center gap-12 px-6 pb-16">
        <section className="flex max-w-2xl flex-col gap-5">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("headline")}</h1>
          <p className="text-lg text-pretty text-muted-foreground">{t("pitch")}</p>
          <div>
            <Button asChild size="lg">
              <Link href="/user/login">{t("signIn")}</Link>
            </Button>
          </div>
        </section>
        <section className="grid gap-4 sm:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="gap-2">
              <CardHeader className="gap-2">
                <Icon className="size-5 text-primary" aria-hidden />
                <CardTitle className="text-base">{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </section>
      </main>
    </div>
  );
}
