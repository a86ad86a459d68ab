import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Route } from "../http/route.ts";
import { ROUTES } from "../routes.ts";

/**
 * Every call's answer is written through a schema that names its fields, so that what a handler reads for its own use
 * (an account's hash, another family's phone, a job id) cannot reach a screen by being left in a returned object.
 * Here each route's answer schema is walked and every place where it would let through what it does not name is listed:
 * any, unknown, an object that keeps unknown keys, a custom check.
 */
function openings(schema: z.ZodType, at: string, seen: Set<z.ZodType>): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const inner = (s: unknown, where = at) => openings(s as z.ZodType, where, seen);
  switch (def.type) {
    case "any":
    case "unknown":
    case "custom":
      return [`${at}: ${def.type}`];
    case "object": {
      const catchall = def.catchall as z.ZodType | undefined;
      const open = catchall && catchall.def.type !== "never" ? [`${at}: keeps keys it does not name`] : [];
      return [...open, ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => inner(v, `${at}.${k}`))];
    }
    case "array":
      return inner(def.element, `${at}[]`);
    case "record":
      return inner(def.valueType, `${at}{}`);
    case "tuple":
      return [...(def.items as z.ZodType[]).flatMap((s, i) => inner(s, `${at}[${i}]`)), ...(def.rest ? inner(def.rest, `${at}[…]`) : [])];
    case "union":
      return (def.options as z.ZodType[]).flatMap((s) => inner(s));
    case "intersection":
      return [...inner(def.left), ...inner(def.right)];
    case "pipe":
      return [...inner(def.in), ...inner(def.out)];
    case "lazy":
      return inner((def.getter as () => z.ZodType)());
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner(def.innerType);
    default:
      return [];
  }
}

const name = (route: Route) => `${route.method} ${route.path}`;

describe("answer schemas", () => {
  it("every route's answer names each field it lets through", () => {
    const open = ROUTES.flatMap((route) => (route.answer === "response" ? [] : openings(route.answer, name(route), new Set())));
    expect(open).toEqual([]);
  });

  it("an object the answer walk is shown keeps unknown keys, a strict one does not", () => {
    expect(openings(z.looseObject({ a: z.string() }), "x", new Set())).toEqual(["x: keeps keys it does not name"]);
    expect(openings(z.object({ a: z.array(z.object({ b: z.unknown() })) }), "x", new Set())).toEqual(["x.a[].b: unknown"]);
    expect(openings(z.object({ a: z.string().optional(), b: z.date().transform(String) }), "x", new Set())).toEqual([]);
  });
});
