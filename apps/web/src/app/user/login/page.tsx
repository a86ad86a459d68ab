import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginView } from "@/components/login/login-view.tsx";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("metaTitle") };
}

/** `?school=alias`: the sign-in page of one school, with its name, logo and colour. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ school?: string | string[] }> }) {
  const { school } = await searchParams;
  return <LoginView school={typeof school === "string" && school ? school : null} />;
}
