import sanitizeHtml from "sanitize-html";
import { isStorageKey } from "../storage/storage.ts";

const FILES_PREFIX = "/api/files/";
const LINK_RE = /^(https?:\/\/|mailto:)/i;
const SIGNED_QUERY_RE = /^(\?[A-Za-z0-9=&_.%-]*)?$/;

/** An image of ours: a link to an uploaded file of this application, never another site (no tracking pixels). */
function isOwnFile(src: string | undefined): boolean {
  if (!src?.startsWith(FILES_PREFIX)) return false;
  const rest = src.slice(FILES_PREFIX.length);
  const query = rest.indexOf("?");
  const key = query < 0 ? rest : rest.slice(0, query);
  return isStorageKey(key) && SIGNED_QUERY_RE.test(query < 0 ? "" : rest.slice(query));
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "div", "span", "br", "hr", "b", "strong", "i", "em", "u", "s", "strike", "sub", "sup", "small", "mark",
    "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "a", "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Only absolute web and mail links; a link opening a new tab cannot reach back into this page.
    a: (tagName, { href, title, target }) => {
      const kept: sanitizeHtml.Attributes = title ? { title } : {};
      if (href && LINK_RE.test(href.trim())) kept.href = href.trim();
      if (kept.href && target) Object.assign(kept, { target: "_blank", rel: "noopener noreferrer" });
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === "img") return !isOwnFile(frame.attribs.src);
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    return false;
  },
};

/**
 * The HTML of a rich-text (`editor`) field as it may be stored and shown (ARCHITECTURE.md, security defaults):
 * common formatting, lists, tables, http/https/mailto links and images uploaded here; no scripts, event handlers,
 * styles, frames, forms or foreign images.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
