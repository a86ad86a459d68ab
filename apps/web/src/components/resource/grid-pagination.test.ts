import { describe, expect, it } from "vitest";
import { pageItems } from "./grid-pagination.tsx";

describe("pageItems", () => {
  it("offers the first, the last and the current page with its neighbours, an ellipsis for each gap", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 30)).toEqual([1, 2, null, 30]);
    expect(pageItems(5, 30)).toEqual([1, null, 4, 5, 6, null, 30]);
    // A gap of one page shows that page rather than an ellipsis.
    expect(pageItems(4, 30)).toEqual([1, 2, 3, 4, 5, null, 30]);
    expect(pageItems(30, 30)).toEqual([1, null, 29, 30]);
  });

  it("while the last page is only the estimate, offers no page past the next one", () => {
    expect(pageItems(1, 250, false)).toEqual([1, 2, null]);
    expect(pageItems(5, 250, false)).toEqual([1, null, 4, 5, 6, null]);
    expect(pageItems(249, 250, false)).toEqual([1, null, 248, 249, 250]);
  });
});
