import { z } from "zod";
import { ZPage } from "../envelope.ts";

/** GET admOtlt/types (001 §7): the catalogue types in use, as a pick list. */
export const ZOtltTypesAnswer = ZPage(z.object({ ID: z.string(), name: z.string() }));
export type TOtltTypesAnswer = z.output<typeof ZOtltTypesAnswer>;

/** A WhatsApp template as the notification wizard picks it, with its tags and which of them each recipient fills. */
export const ZTemplateMeta = z.object({
  ID: z.string(),
  name: z.string(),
  /** The provider's own template name, when the school registered it. */
  templateId: z.string().nullable(),
  content: z.string(),
  tags: z.array(z.object({ id: z.string(), recipient: z.boolean() })),
});

/** GET admLocalization/getMeta: the WhatsApp templates and the tags filled per recipient. */
export const ZTemplatesMetaAnswer = z.object({ templates: z.array(ZTemplateMeta), recipientTags: z.array(z.string()) });
export type TTemplatesMetaAnswer = z.output<typeof ZTemplatesMetaAnswer>;
export type TTemplateMeta = z.output<typeof ZTemplateMeta>;

/** One tag of GET admLocalization/get/{id} (002 §7 "tagsContent"), each template row's list of them. */
export const ZTagContent = z.object({
  id: z.string(),
  defValue: z.string(),
  /** Recipient tags: filled for each person when it is sent, so neither shown nor typed. */
  hidden: z.boolean(),
  readonly: z.boolean(),
});
export type TTagContent = z.output<typeof ZTagContent>;
