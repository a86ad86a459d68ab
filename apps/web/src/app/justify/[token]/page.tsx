import { NextIntlClientProvider } from "next-intl";
import { JustifyLinkPage } from "@/components/justify-link/justify-link-page.tsx";
import { linkPageMessages, linkPageMetadata } from "@/components/public-link/link-page.ts";

export const generateMetadata = () => linkPageMetadata("justifyLink");

/** /justify/{token}: the absence alert's link, outside the /app shell and without signing in. */
export default async function JustifyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // The form's checks speak the shared validation messages.
  const { locale, messages } = await linkPageMessages("justifyLink", "validation");
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="America/Lima">
      <JustifyLinkPage token={token} />
    </NextIntlClientProvider>
  );
}
