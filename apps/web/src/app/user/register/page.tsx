import { PLANS, type TPlan } from "@pizarra/contracts";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RegisterView } from "@/components/registration/register-view.tsx";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("register"))("metaTitle") };
}

/** /user/register (000 §2.1, 002 §2): a school registers itself; ?plan= picks the hidden plan (Starter unless it names one). */
export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ plan?: string | string[] }> }) {
  const asked = (await searchParams).plan;
  const plan = PLANS.find((p) => p.toLowerCase() === String(asked ?? "").toLowerCase()) ?? ("Starter" satisfies TPlan);
  return <RegisterView plan={plan} />;
}
