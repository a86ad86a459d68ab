import { STORAGE_KEYS, type TLoginAnswer } from "@pizarra/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { clearSession, isExpired, readSession, storeLoginAnswer, storeTenants } from "./session.ts";

/** Local storage as the browser exposes it: items are the object's own keys. */
class MemoryStorage {
  [key: string]: unknown;
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? String(this[key]) : null;
  }
  setItem(key: string, value: string): void {
    this[key] = String(value);
  }
  removeItem(key: string): void {
    delete this[key];
  }
}

const ANSWER: TLoginAnswer = {
  token: "t0ken",
  expiresAt: "2999-01-01T00:00:00.000Z",
  menu: [],
  companyName: "Colegio Demo",
  companyID: 1,
  companyPic: null,
  color: "light.blue",
  defaultLang: "es",
  givenNamesFirst: false,
  multiTenant: true,
  user: { ID: 7, name: "Ana", tag: "Admin", roleCode: 100, email: "ana@example.com" },
};

beforeEach(() => {
  Object.assign(globalThis, { window: { localStorage: new MemoryStorage() } });
});

describe("session in local storage", () => {
  it("stores a login answer under the spec's keys and reads it back", () => {
    storeLoginAnswer(ANSWER);
    storeTenants([
      { id: 1, name: "Colegio Demo" },
      { id: 2, name: "Northside School" },
    ]);
    const session = readSession();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe("t0ken");
    expect(session?.user.name).toBe("Ana");
    expect(window.localStorage.getItem(STORAGE_KEYS.currentTenant)).toBe("1");
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ ID: 7, roleCode: 100, companyName: "Colegio Demo" });
    expect(session?.tenant).toMatchObject({ id: 1, name: "Colegio Demo" });
    expect(session?.tenants).toHaveLength(2);
    expect(readSession()).toBe(session);
    expect(isExpired(session!)).toBe(false);
    expect(isExpired({ ...session!, tenant: { ...session!.tenant, expiresAt: "2000-01-01T00:00:00Z" } })).toBe(true);
  });

  it("accepts a session that holds the user alone, naming the school from the tenant list", () => {
    const storage = window.localStorage;
    storage.setItem(STORAGE_KEYS.token, "t0ken");
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(ANSWER.user));
    storage.setItem(STORAGE_KEYS.currentTenant, "2");
    storage.setItem(
      STORAGE_KEYS.tenants,
      JSON.stringify([
        { id: 1, name: "Colegio Demo" },
        { id: 2, name: "Northside School" },
      ]),
    );
    const session = readSession();
    expect(session?.tenant).toEqual({ id: 2, name: "Northside School", expiresAt: null, givenNamesFirst: false, logo: null });
    expect(session?.menu).toEqual([]);
    expect(isExpired(session!)).toBe(false);
  });

  it("logout keeps only theme colour, locale, country code and mobile number", () => {
    storeLoginAnswer(ANSWER);
    const storage = window.localStorage;
    storage.setItem(STORAGE_KEYS.theme, "dark.green");
    storage.setItem(STORAGE_KEYS.locale, "en");
    storage.setItem(STORAGE_KEYS.countryCode, "51");
    storage.setItem(STORAGE_KEYS.mobileNumber, "987654321");
    storage.setItem(STORAGE_KEYS.servicePath, "/x");
    clearSession();
    expect(Object.keys(storage).sort()).toEqual([STORAGE_KEYS.countryCode, STORAGE_KEYS.locale, STORAGE_KEYS.mobileNumber, STORAGE_KEYS.theme].sort());
    expect(readSession()).toBeNull();
  });
});
