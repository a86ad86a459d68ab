import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { BrandMark } from "@/components/brand.tsx";
import { LocaleSelect } from "@/components/locale-select.tsx";

/** The authentication pages: the product mark, a language switch and one centred card. */
export default async function UserLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("common");
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="flex items-center justify-between px-6 py-4">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <BrandMark />
          {t("appName")}
        </Link>
        <LocaleSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">{children}</main>
    </div>
  );
}
