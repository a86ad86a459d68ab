import type { Method, Route } from "./route.ts";

export interface Match {
  route: Route;
  params: Record<string, string>;
}

interface Compiled {
  route: Route;
  segments: string[];
}

const split = (path: string) => path.split("/").filter(Boolean);

/** A route table: method + path pattern → route. `X/get` and `X/get/` are the same path. */
export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.path) }));
    const seen = new Set<string>();
    for (const c of this.compiled) {
      const key = `${c.route.method} ${c.segments.map((s) => (s.startsWith("{") ? "{}" : s)).join("/")}`;
      if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
      seen.add(key);
    }
  }

  get routes(): Route[] {
    return this.compiled.map((c) => c.route);
  }

  /** Literal segments win over parameters, so `admStaff/tenants` is never read as `admStaff/{id}`. */
  match(method: Method, path: string): Match | "method" | null {
    const parts = split(path);
    let best: { match: Match; literals: number } | null = null;
    let pathExists = false;
    for (const c of this.compiled) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      const ok = c.segments.every((seg, i) => {
        const part = parts[i]!;
        if (seg.startsWith("{") && seg.endsWith("}")) {
          params[seg.slice(1, -1)] = decodeURIComponent(part);
          return true;
        }
        literals++;
        return seg === part;
      });
      if (!ok) continue;
      pathExists = true;
      if (c.route.method !== method) continue;
      if (!best || literals > best.literals) best = { match: { route: c.route, params }, literals };
    }
    return best?.match ?? (pathExists ? "method" : null);
  }
}
