import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ModuleCards } from "@/components/home/module-cards.tsx";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("home"))("metaTitle") };
}

export default function HomeStartPage() {
  return <ModuleCards />;
}
