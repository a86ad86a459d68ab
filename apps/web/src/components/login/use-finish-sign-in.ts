"use client";

import type { TLoginAnswer } from "@pizarra/contracts";
import { toast } from "@pizarra/ui";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AFTER_LOGIN_DELAY_MS, startSession } from "@/client/sign-in.ts";

/**
 * What every way of signing in does with a login answer (spec 000 §4): store the session, show the server's message,
 * and after 500 ms go to '/' (a full load when the school's language differs from the page's). `signedIn` keeps the
 * form busy meanwhile.
 */
export function useFinishSignIn() {
  const router = useRouter();
  const [signedIn, setSignedIn] = useState(false);
  const finish = async (answer: TLoginAnswer, msg?: string | null, to = "/") => {
    const fullLoad = await startSession(answer);
    if (msg) toast.success(msg);
    setSignedIn(true);
    window.setTimeout(() => (fullLoad ? window.location.assign(to) : router.replace(to)), AFTER_LOGIN_DELAY_MS);
  };
  return { finish, signedIn };
}
