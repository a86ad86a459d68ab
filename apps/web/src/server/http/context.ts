import type { Translate } from "@pizarra/contracts";
import type { Db, TenantDb } from "@pizarra/db";
import type { Locale } from "../i18n.ts";
import type { ModuleAccess } from "../auth/permissions.ts";

export interface SessionUser {
  id: number;
  tenantId: number;
  accountId: number;
  /** The sign-in (Session row) the token belongs to. */
  sessionId: string;
  roleCode: number;
  /** For the audit trail. */
  name: string;
  access: Map<string, ModuleAccess>;
  /** The school's order of a person's names (Tenant.settings.givenNamesFirst), for every name its lists show. */
  givenNamesFirst: boolean;
}

export interface BaseContext {
  locale: Locale;
  t: Translate;
  /** The unscoped client: only for sign-in and health, which act before a tenant is known. */
  system: Db;
  address: string | null;
  headers: Headers;
  /** The body exactly as sent (set for the handler), for what signs the bytes themselves: a webhook's signature. */
  rawBody?: string;
}

export interface AuthedContext extends BaseContext {
  db: TenantDb;
  user: SessionUser;
}

/**
 * An answer the handler wrote as JSON itself (a grade sheet's 350 kB, written as it is read): the envelope takes the
 * text as it is, and whoever needs the value (an export of the same sheet) parses it.
 */
export class JsonText<T> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}

/** What a handler returns: data (or its JsonText) plus an optional translated success message and status. */
export interface Reply<T = unknown> {
  data: T;
  msgKey?: string;
  /** Values of the message's :placeholders. */
  msgValues?: Record<string, string | number>;
  status?: number;
  /** A file answer (an export) instead of the JSON envelope. */
  response?: Response;
}
