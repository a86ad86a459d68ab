"use client";

import { createContext, useContext } from "react";
import type { TSession } from "@/client/session.ts";

const SessionContext = createContext<TSession | null>(null);

export const SessionProvider = SessionContext.Provider;

/** The signed-in session inside /app (the shell renders its pages only once a session is present). */
export function useAppSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAppSession is used outside the /app shell");
  return session;
}
