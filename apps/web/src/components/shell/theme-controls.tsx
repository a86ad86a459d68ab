"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeTheme, currentTheme } from "@/client/preferences.ts";
import { useMediaQuery } from "@/client/use-media-query.ts";
import { MOBILE_QUERY } from "./breakpoints.ts";
import { type Theme, ThemeChoices } from "./theme-choices.tsx";

/** Phones open the choices from one button; the popover's code is fetched on phones only. */
const ThemePopover = dynamic(() => import("./theme-popover.tsx").then((m) => m.ThemePopover));

/**
 * The light/dark switch and the six theme colours (spec 000 §2.2). Both are stored in __theme_color ("light.green",
 * "dark.green"); the colours apply at once and the page is refreshed after 500 ms (spec 000 §4). On phones the top
 * bar has no room for them: they open from one button instead.
 */
export function ThemeControls() {
  const router = useRouter();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [theme, setTheme] = useState(currentTheme);
  const update = (next: Theme) => {
    setTheme(next);
    changeTheme(next, () => router.refresh());
  };
  if (!phone) return <ThemeChoices theme={theme} onChange={update} inPopover={false} />;
  return <ThemePopover theme={theme} onChange={update} />;
}
