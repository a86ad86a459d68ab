"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/client/session.ts";

/** The landing page forwards a signed-in person to the home screen (spec 000 §4: login navigates to '/'). */
export function RedirectIfSignedIn({ to }: { to: string }) {
  const session = useSession();
  const router = useRouter();
  useEffect(() => {
    if (session) router.replace(to);
  }, [session, router, to]);
  return null;
}
