import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { RESOURCES } from "../resource/definitions.ts";
import { fieldSchema } from "../resource/schema.ts";

const pageField = RESOURCES.admNotification.fields.find((f) => f.name === "page")!;

/**
 * The query of GET admNotification/objects: what a notification is about (its `page`, as `parentId`: the select's
 * parent field) and the pick list's search and page, as the records' own list reads them.
 */
export const ZNotificationObjectsQuery = z.object({
  parentId: fieldSchema(pageField)!.optional(),
  filterBy: z.string().max(100).optional(),
  filter: z.string().max(200).optional(),
  PageSize: z.string().max(10).optional(),
  page: z.string().max(10).optional(),
});
export type TNotificationObjectsQuery = z.infer<typeof ZNotificationObjectsQuery>;

/**
 * A record a notification may point at, as a pick list offers it (spec 000 §2.8): its key and name, with the picture
 * and description its resource's pick list shows (publications, calendar activities, attendance types, flows).
 */
export const ZNotificationObject = z.object({
  ID: z.number().int(),
  name: z.string(),
  img: z.string().nullable().optional(),
  desc: z.string().nullable().optional(),
});

/** GET admNotification/objects?parentId={page}: a page of the pick list of that kind's records (none for a general one). */
export const ZNotificationObjectsAnswer = ZPage(ZNotificationObject);
export type TNotificationObjectsAnswer = z.output<typeof ZNotificationObjectsAnswer>;
