import type { TLoginAnswer, TTenantsAnswer } from "@pizarra/contracts";
import { api } from "./api.ts";
import { adoptTenantDefaults } from "./preferences.ts";
import { storeLoginAnswer, storeTenants } from "./session.ts";

/** Spec 000 §4: after a successful login the product navigates to '/' after 500 ms. */
export const AFTER_LOGIN_DELAY_MS = 500;
/** Where '/' forwards a signed-in person: the module cards (000 §2.1; /app/home redirects there). */
export const HOME_PATH = "/app/home/start";
/** A school's own sign-in page: it shows the school's name, logo and colour (company/brand). */
export const schoolLoginPath = (alias: string) => `/user/login?school=${encodeURIComponent(alias)}`;

/** The schools of a multi-tenant person, for the tenant selector (spec 000 §2.3: "a tenant list fetch exists"). */
async function refreshTenants(): Promise<void> {
  const result = await api.get<TTenantsAnswer>("admStaff/tenants", { notify: false });
  if (result.ok) storeTenants(result.envelope.data);
}

/**
 * Stores a login answer and, for a multi-tenant person, the list of schools. Returns true when the school's default
 * language differs from the page's, so that the next page must be a full load.
 */
export async function startSession(answer: TLoginAnswer): Promise<boolean> {
  storeLoginAnswer(answer);
  if (answer.multiTenant) await refreshTenants();
  return adoptTenantDefaults(answer.defaultLang, answer.color);
}
