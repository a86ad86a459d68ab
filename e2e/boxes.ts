import type { Locator } from "@playwright/test";

/** Where an element lies on the page, as Playwright measures it. */
export type Box = { x: number; y: number; width: number; height: number };

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A box that has stopped moving (a toast's entry animation is over). */
export async function settledBox(locator: Locator): Promise<Box> {
  let last = await locator.boundingBox();
  for (let i = 0; i < 20; i++) {
    await locator.page().waitForTimeout(150);
    const next = await locator.boundingBox();
    if (last && next && Math.abs(last.x - next.x) < 0.5 && Math.abs(last.y - next.y) < 0.5) return next;
    last = next;
  }
  throw new Error("the element kept moving");
}
