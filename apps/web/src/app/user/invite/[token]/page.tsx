import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InvitePage } from "@/components/invitations/invite-page.tsx";

/** The token in the address is the reader's key: no search engine keeps the page and no other site is told it. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("invite"))("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** /user/invite/{token}: a staff member's invitation, where they choose their password and are signed in. */
export default async function InviteTokenPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <InvitePage token={token} />;
}
