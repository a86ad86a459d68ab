"use client";

import { useLayoutEffect, useState, type RefObject } from "react";

/** Below this the grid would show too few rows to be of use: the page scrolls instead. */
const MIN_HEIGHT_PX = 240;

/** The nearest ancestor that scrolls vertically (the shell's <main>), else the document. */
function scrollParentOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return document.scrollingElement as HTMLElement;
}

/**
 * Issue 13: a long, wide grid put its horizontal scrollbar (and the rows' last columns) below the fold. This is the
 * largest height the element may take so that it, and whatever follows it on the page (the pagination), ends inside
 * the visible part of its scrolling ancestor while that ancestor is scrolled to the top. Undefined while disabled.
 */
export function useViewportFit(ref: RefObject<HTMLElement | null>, enabled: boolean): number | undefined {
  const [maxHeight, setMaxHeight] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) {
      setMaxHeight(undefined);
      return;
    }
    const scroller = scrollParentOf(element);
    const measure = () => {
      const box = element.getBoundingClientRect();
      const frame = scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
      const top = box.top - frame + scroller.scrollTop;
      // What the page holds below the element keeps its place: the pagination, gaps and the page's padding.
      const below = Math.max(0, scroller.scrollHeight - (top + box.height));
      setMaxHeight(Math.max(MIN_HEIGHT_PX, Math.floor(scroller.clientHeight - top - below)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    for (const child of scroller.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return maxHeight;
}
