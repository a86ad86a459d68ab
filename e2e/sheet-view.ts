/**
 * What the grade grid shows, read in the page (`grid.evaluate(sheetView)`, the grid being its scroller): the sheet's
 * students and grade columns as the table says them (aria-rowcount, aria-colcount: a large sheet is drawn by its
 * window, so not every row is in the document), the cells drawn, and how many of the gaps standing for rows or columns
 * not drawn show in the grid's view (none should). Shared by the window spec and the bench.
 */
export function sheetView(scroller: Element) {
  const table = scroller.querySelector("table")!;
  const first = table.querySelector("tbody tr[data-index]")!;
  const view = scroller.getBoundingClientRect();
  const gapsInView = [...table.querySelectorAll("tbody tr[aria-hidden], tbody td[aria-hidden]")].filter((gap) => {
    const box = gap.getBoundingClientRect();
    return Math.min(box.right, view.right) - Math.max(box.left, view.left) > 1 && Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top) > 1;
  }).length;
  return {
    rows: Number(table.getAttribute("aria-rowcount")) - Number(first.getAttribute("aria-rowindex")) + 1,
    columns: Number(table.getAttribute("aria-colcount")) - 1,
    drawn: table.querySelectorAll("tbody [data-cell]").length,
    gapsInView,
  };
}
