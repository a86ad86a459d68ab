"use client";

import { LINK_KIND } from "@pizarra/contracts";
import { Badge } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import type { ResourceText } from "../resource/resource-text.ts";
import { schoolDay } from "./family-text.ts";

/** What a link's chips read: its kind and kinship, and what it allows. */
export interface LinkFlags {
  userKind: number;
  relation: string | null;
  pays: boolean;
  pickup: boolean;
  messages: boolean;
  contactRights: boolean;
  endedAt: string | null;
}

/** A link at a glance: kind, kinship, who pays, picks up, whether they are written to, a restriction, its end. */
export function LinkChips({ link, text }: { link: LinkFlags; text: ResourceText }) {
  const t = useTranslations("family.panel");
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="family-link-chips">
      <li>
        <Badge variant={link.userKind === LINK_KIND.principal ? "default" : link.userKind === LINK_KIND.guardian ? "info" : "outline"}>
          {text.option("userKind", link.userKind)}
        </Badge>
      </li>
      {link.relation && (
        <li>
          <Badge variant="secondary">{text.option("relation", link.relation)}</Badge>
        </li>
      )}
      {link.pays && (
        <li>
          <Badge variant="success">{t("pays")}</Badge>
        </li>
      )}
      <li>
        <Badge variant="outline">{link.pickup ? t("pickup") : t("noPickup")}</Badge>
      </li>
      {!link.messages && (
        <li>
          <Badge variant="warning">{t("noMessages")}</Badge>
        </li>
      )}
      {!link.contactRights && (
        <li>
          <Badge variant="destructive" data-testid="family-restricted">
            {t("restricted")}
          </Badge>
        </li>
      )}
      {link.endedAt && (
        <li>
          <Badge variant="outline">{t("endedOn", { date: schoolDay(link.endedAt) })}</Badge>
        </li>
      )}
    </ul>
  );
}
