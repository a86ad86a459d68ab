import { countries } from "@pizarra/contracts/geo";
import { toE164 } from "@pizarra/contracts/phone";
import { tenantOf } from "@pizarra/db";
import type { ResourceRules } from "../../resource/factory.ts";
import { refuse } from "../../resource/refuse.ts";

/**
 * A person's mobile (`cel`) is kept in E.164, whichever list writes it (create, edit, every line of an import): it is
 * what a WhatsApp sender is matched by, whole, and what messages are sent to. A number typed without its country code
 * is read as one of the school's country (Tenant.defaultCountry); what cannot be read as a number is refused naming
 * the field, never kept as typed. Saving the number, even empty, settles one the migration could not read.
 */
export function phoneRules(resource: string): ResourceRules {
  return {
    async beforeSave(tx, data, ctx) {
      if (data.cel === undefined) return;
      data.celUnverified = null;
      if (data.cel === null) return;
      const { defaultCountry } = await tx.tenant.findUniqueOrThrow({ where: { id: tenantOf(tx) }, select: { defaultCountry: true } });
      const cel = toE164(String(data.cel), defaultCountry);
      if (cel === null) {
        const country = countries(ctx.locale).find((c) => c.ID === defaultCountry)?.name ?? defaultCountry;
        refuse(ctx, resource, "cel", "validation.phoneNumber", { country });
      }
      data.cel = cel;
    },
  };
}
