import type { ResourceRules } from "./factory.ts";

type Hook = keyof ResourceRules;
const HOOKS: readonly Hook[] = ["beforeSave", "afterSave", "beforeDelete", "afterDelete", "guard"];

/** Several rules of one resource (what every person obeys, then what a student's row adds), each hook run in order. */
export function combineRules(...all: readonly (ResourceRules | undefined)[]): ResourceRules {
  const rules = all.filter((r): r is ResourceRules => r !== undefined);
  const combined: Record<string, (...args: never[]) => Promise<void>> = {};
  for (const hook of HOOKS) {
    const fns = rules.map((r) => r[hook] as ((...args: never[]) => Promise<void>) | undefined).filter((fn) => fn !== undefined);
    if (fns.length === 0) continue;
    combined[hook] = async (...args: never[]) => {
      for (const fn of fns) await fn(...args);
    };
  }
  const going = rules.map((r) => r.filesGoingWith).filter((fn) => fn !== undefined);
  if (going.length === 0) return combined as ResourceRules;
  const filesGoingWith: ResourceRules["filesGoingWith"] = async (...args) => {
    const keys: string[] = [];
    for (const fn of going) keys.push(...(await fn(...args)));
    return keys;
  };
  return { ...(combined as ResourceRules), filesGoingWith };
}
