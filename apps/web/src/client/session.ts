import { STORAGE_KEYS, STORAGE_KEYS_KEPT_ON_LOGOUT, type TLoginAnswer, type TMenuItem, type TSessionUser, type TTenant } from "@pizarra/contracts";
import { useSyncExternalStore } from "react";
import { readStorage } from "./preferences.ts";

/**
 * What user_admin holds: the signed-in user (spec 000 §3 "Auth user") and the school data of the login answer that
 * the pages show. A session written by someone else may carry the user alone: every school field is optional.
 */
export interface TStoredUser extends TSessionUser {
  companyID?: number;
  companyName?: string;
  /** A link to the school's logo (the login answer's companyPic), shown in the shell. */
  companyPic?: string | null;
  givenNamesFirst?: boolean;
  /** The token's expiry (ISO time): an expired token logs out before any call is made (spec 000 §4). */
  expiresAt?: string;
}

/** The school the token is valid for; current_tenant holds its id. */
export interface TSessionTenant {
  id: number;
  name: string;
  expiresAt: string | null;
  /** The school's name order, as its login answer gave it. */
  givenNamesFirst: boolean;
  /** A link to the school's logo, or null. */
  logo: string | null;
}

export interface TSession {
  token: string;
  user: TStoredUser;
  tenant: TSessionTenant;
  menu: TMenuItem[];
  tenants: TTenant[];
}

const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.currentTenant, STORAGE_KEYS.menu, STORAGE_KEYS.tenants];

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

let cached: { raw: string; session: TSession | null } | null = null;

/** The stored session, the same object while local storage is unchanged (useSyncExternalStore needs that). */
export function readSession(): TSession | null {
  const raws = SESSION_KEYS.map(readStorage);
  const raw = raws.join("\u0000");
  if (cached?.raw === raw) return cached.session;
  const [token, userRaw, tenantId, menu, tenantsRaw] = raws;
  const user = parse<TStoredUser>(userRaw ?? null);
  let session: TSession | null = null;
  if (token && user) {
    const tenants = parse<TTenant[]>(tenantsRaw ?? null) ?? [];
    const id = Number(tenantId) || user.companyID || 0;
    const tenant: TSessionTenant = {
      id,
      name: (user.companyID === id ? user.companyName : undefined) ?? tenants.find((t) => t.id === id)?.name ?? "",
      expiresAt: user.expiresAt ?? null,
      givenNamesFirst: user.companyID === id && user.givenNamesFirst === true,
      logo: (user.companyID === id ? user.companyPic : null) ?? null,
    };
    session = { token, user, tenant, menu: parse<TMenuItem[]>(menu ?? null) ?? [], tenants };
  }
  cached = { raw, session };
  return session;
}

export function storedToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

export function isExpired(session: TSession): boolean {
  const expiresAt = Date.parse(session.tenant.expiresAt ?? "");
  return Number.isFinite(expiresAt) && expiresAt <= Date.now();
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** undefined while the page hydrates (the server cannot see local storage), then the session or null. */
export function useSession(): TSession | null | undefined {
  return useSyncExternalStore(subscribe, readSession, () => undefined);
}

/** Stores a login answer: after sign-in, after a school switch, and after the menu refresh on /app load. */
export function storeLoginAnswer(answer: TLoginAnswer): void {
  const user: TStoredUser = {
    ...answer.user,
    companyID: answer.companyID,
    companyName: answer.companyName,
    companyPic: answer.companyPic,
    givenNamesFirst: answer.givenNamesFirst,
    expiresAt: answer.expiresAt,
  };
  const storage = window.localStorage;
  storage.setItem(STORAGE_KEYS.token, answer.token);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  storage.setItem(STORAGE_KEYS.currentTenant, String(answer.companyID));
  storage.setItem(STORAGE_KEYS.menu, JSON.stringify(answer.menu));
  if (!answer.multiTenant) storage.removeItem(STORAGE_KEYS.tenants);
  notify();
}

export function storeTenants(tenants: TTenant[]): void {
  window.localStorage.setItem(STORAGE_KEYS.tenants, JSON.stringify(tenants));
  notify();
}

/** Logout (spec 000 §4): everything goes except theme colour, locale, country code and mobile number. */
export function clearSession(): void {
  const storage = window.localStorage;
  for (const key of Object.keys(storage)) {
    if (!STORAGE_KEYS_KEPT_ON_LOGOUT.includes(key)) storage.removeItem(key);
  }
  notify();
}
