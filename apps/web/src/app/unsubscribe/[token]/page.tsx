import { NextIntlClientProvider } from "next-intl";
import { linkPageMessages, linkPageMetadata } from "@/components/public-link/link-page.ts";
import { UnsubscribePage } from "@/components/unsubscribe/unsubscribe-page.tsx";

export const generateMetadata = () => linkPageMetadata("unsubscribeLink");

/** /unsubscribe/{token}: an e-mail's List-Unsubscribe link opened in a browser, outside the /app shell. */
export default async function Unsubscribe({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { locale, messages } = await linkPageMessages("unsubscribeLink");
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="America/Lima">
      <UnsubscribePage token={token} />
    </NextIntlClientProvider>
  );
}
