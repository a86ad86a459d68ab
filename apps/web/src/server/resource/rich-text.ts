import sanitizeHtml from "sanitize-html";
import { keyOfPublicFileUrl } from "../storage/storage.ts";

const LINK_RE = /^(https?:\/\/|mailto:)/i;

/**
 * An image of ours: exactly the lasting link of a rich-text image uploaded here (misc/content/file), never another
 * site (no tracking pixels) and never an expiring link, which would break once stored.
 */
function isOwnFile(src: string | undefined): boolean {
  return src !== undefined && keyOfPublicFileUrl(src) !== null;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "div",
    "span",
    "br",
    "hr",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "strike",
    "sub",
    "sup",
    "small",
    "mark",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "code",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "a",
    "img",
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
