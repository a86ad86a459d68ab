import { describe, expect, it } from "vitest";
import { splitByRunner } from "./some.ts";

describe("pnpm test -- <files>: which runner gets what", () => {
  it("sends e2e specs to Playwright and other paths to Vitest", () => {
    expect(splitByRunner(["apps/web/src/server/modules/grades", "e2e/ui/periods.spec.ts"])).toEqual({
      vitest: ["apps/web/src/server/modules/grades"],
      playwright: ["e2e/ui/periods.spec.ts"],
    });
  });

  it("gives options to the one runner whose files are named", () => {
    expect(splitByRunner(["e2e/ui/periods.spec.ts", "--project=ui", "-g", "adds a period"])).toEqual({
      vitest: [],
      playwright: ["e2e/ui/periods.spec.ts", "--project=ui", "-g", "adds a period"],
    });
    expect(splitByRunner(["./apps/web/src/server/env.test.ts", "-t", "AUTH_SECRET"])).toEqual({
      vitest: ["./apps/web/src/server/env.test.ts", "-t", "AUTH_SECRET"],
      playwright: [],
    });
  });

  it("refuses options when both runners are named, and names that match no file", () => {
    expect(() => splitByRunner(["apps/web/src/server/env.test.ts", "e2e/ui/periods.spec.ts", "-t", "x"])).toThrow(/one runner/);
    expect(() => splitByRunner(["apps/web/src/server/nothing-here.test.ts"])).toThrow(/none of these exists/);
  });
});
