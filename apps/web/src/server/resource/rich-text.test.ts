import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.ts";
import { fileUrl, publicFileUrl } from "../storage/storage.ts";
import { toDb } from "./values.ts";

const OWN_IMAGE = publicFileUrl("t1/content/u1/img-0123456789abcdef.png")!;
const GRID_LINK = fileUrl("t1/admStaff/7/face-0123456789abcdef.png")!;

describe("sanitizeRichText", () => {
  it("keeps common formatting, lists, tables and safe links as they are", () => {
    const html =
      "<h2>Título</h2><p>Hola <strong>Ana</strong>, <em>bienvenida</em> <u>al</u> <s>año</s> escolar.</p><ul><li>uno</li></ul><ol><li>dos</li></ol>" +
      '<blockquote>cita</blockquote><table><tbody><tr><td colspan="2">celda</td></tr></tbody></table>' +
      '<p><a href="https://pizarra.demo/x?a=1">web</a> <a href="mailto:info@pizarra.demo">correo</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("strips scripts, event handlers, styles, frames and forms", () => {
    const dirty =
      '<p onclick="steal()" style="position:fixed" class="x">hola</p><script>alert(1)</script><style>p{}</style>' +
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form><svg onload="x()"><circle/></svg>';
    expect(sanitizeRichText(dirty)).toBe("<p>hola</p>");
  });

  it("allows only http, https and mailto links, and guards links that open a new tab", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("x");
    expect(sanitizeRichText('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe("x");
    expect(sanitizeRichText('<a href="data:text/html,hi">x</a>')).toBe("x");
    expect(sanitizeRichText('<a href="//evil.example/">x</a>')).toBe("x");
    expect(sanitizeRichText('<a href="/app/admPeriod">x</a>')).toBe("x");
    expect(sanitizeRichText('<a href="https://pizarra.demo" target="_top" rel="opener" onclick="x()">x</a>')).toBe(
      '<a href="https://pizarra.demo" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("keeps images uploaded here for rich text and drops any other", () => {
    expect(sanitizeRichText(`<p><img src="${OWN_IMAGE}" alt="logo" onerror="x()" /></p>`)).toBe(`<p><img src="${OWN_IMAGE}" alt="logo" /></p>`);
    // An expiring link would break once stored; a forged or altered lasting link is not ours.
    expect(sanitizeRichText(`<img src="${GRID_LINK}" />`)).toBe("");
    expect(sanitizeRichText(`<img src="${OWN_IMAGE.slice(0, -2)}${OWN_IMAGE.endsWith("AA") ? "BB" : "AA"}" />`)).toBe("");
    expect(sanitizeRichText(`<img src="${OWN_IMAGE.replace("img-0", "img-1")}" />`)).toBe("");
    expect(sanitizeRichText(`<img src="${OWN_IMAGE}&exp=1" />`)).toBe("");
    expect(sanitizeRichText(`<img src="https://pizarra.demo${OWN_IMAGE}" />`)).toBe("");
    expect(sanitizeRichText('<img src="https://tracker.example/pixel.gif" />')).toBe("");
    expect(sanitizeRichText('<img src="//tracker.example/pixel.gif" />')).toBe("");
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA" />')).toBe("");
    expect(sanitizeRichText('<img src="/api/files/../admStaff/get" />')).toBe("");
    expect(sanitizeRichText('<img src="/api/admStaff/get" />')).toBe("");
  });

  it("is stable: cleaning clean HTML changes nothing", () => {
    const once = sanitizeRichText('<p>a &amp; b &lt; c</p><div>x<br>y</div><a href="https://a.example" target="_blank">l</a>');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it("is applied to every editor field before it is stored, and empty rich text is no text", () => {
    expect(toDb({ name: "contentHTML", type: "editor" }, '<p onmouseover="x()">hola</p>')).toBe("<p>hola</p>");
    expect(toDb({ name: "contentHTML", type: "editor" }, "<script>alert(1)</script>")).toBeNull();
    expect(toDb({ name: "content", type: "textarea" }, "<b>texto</b>")).toBe("<b>texto</b>");
  });
});
