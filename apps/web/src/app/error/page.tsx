import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorNotice } from "@/components/error-notice.tsx";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("error"))("metaTitle") };
}

/** Spec 000 §2.4: a message and a go-back-home button. Unknown routes and unknown modules land here. */
export default async function ErrorPage() {
  const t = await getTranslations("error");
  return <ErrorNotice title={t("title")} message={t("message")} homeLabel={t("goHome")} />;
}
