import type { FieldDef } from "../resource/types.ts";

/** The inbox's module: its pick lists open to whoever may write in it (000 §7 "Option lists"). */
export const CONVERSATIONS_MODULE = "admConversations";

/**
 * The inbox's pickers (its contact sidebar): the guardian an unknown number belongs to, from admRelatives' pick list
 * as the family panel picks a relative (for those who may read relatives), and the staff member a conversation is
 * given to (for the inbox's writers).
 */
export const CONVERSATION_PICKS = {
  guardianId: { name: "guardianId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admRelatives" } },
  userId: { name: "userId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admStaff" } },
} as const satisfies Record<string, FieldDef>;
