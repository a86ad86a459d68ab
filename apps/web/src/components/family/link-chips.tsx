"use client";

import { LINK_KIND } from "@pizarra/contracts";
import { Badge } from "@pizarra/ui";
import { CHIP_TONES } from "../resource/grid-cell.tsx";
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

/**
 * A link at a glance: kind, kinship, who pays, picks up, whether they are written to, a restriction, its end; in the
 * grid's chip tones, readable on either theme.
 */
export function LinkChips({ link, text }: { link: LinkFlags; text: ResourceText }) {
  const t = useTranslations("family.panel");
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="family-link-chips">
      <li>
        <Badge className={CHIP_TONES[link.userKind === LINK_KIND.principal ? "primary" : link.userKind === LINK_KIND.guardian ? "info" : "muted"]}>
          {text.option("userKind", link.userKind)}
        </Badge>
      </li>
      {link.relation && (
        <li>
          <Badge className={CHIP_TONES.muted}>{text.option("relation", link.relation)}</Badge>
        </li>
      )}
      {link.pays && (
        <li>
          <Badge className={CHIP_TONES.success}>{t("pays")}</Badge>
        </li>
      )}
      <li>
        <Badge variant="outline">{link.pickup ? t("pickup") : t("noPickup")}</Badge>
      </li>
      {!link.messages && (
        <li>
          <Badge className={CHIP_TONES.warning}>{t("noMessages")}</Badge>
        </li>
      )}
      {!link.contactRights && (
        <li>
          <Badge className={CHIP_TONES.danger} data-testid="family-restricted">
            {t("restricted")}
          </Badge>
        </li>
      )}
      {link.endedAt && (
        <li>
          <Badge className={CHIP_TONES.muted}>{t("endedOn", { date: schoolDay(link.endedAt) })}</Badge>
        </li>
      )}
    </ul>
  );
}
