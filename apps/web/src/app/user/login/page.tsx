import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginView } from "@/components/login/login-view.tsx";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("metaTitle") };
}

export default function LoginPage() {
  return <LoginView />;
}
