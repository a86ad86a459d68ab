"use client";

import { useTranslations } from "next-intl";
import { ErrorNotice } from "@/components/error-notice.tsx";

/** A failure while rendering a page shows the error page's message rather than a blank screen. */
export default function RenderError() {
  const t = useTranslations("error");
  return <ErrorNotice title={t("title")} message={t("unexpected")} homeLabel={t("goHome")} />;
}
