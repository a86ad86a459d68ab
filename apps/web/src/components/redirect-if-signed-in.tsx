"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/client/session.ts";
import { HOME_PATH } from "@/client/sign-in.ts";

/** The landing page forwards a signed-in person to the home screen (spec 000 §4: login navigates to '/'). */
export function RedirectIfSignedIn() {
  const session = useSession();
  const router = useRouter();
  useEffect(() => {
    if (session) router.replace(HOME_PATH);
  }, [session, router]);
  return null;
}
