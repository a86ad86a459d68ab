import type { LucideIconData, LucideIconNode } from "lucide-react";
import * as backpack from "lucide-react/icons/backpack";
import * as bellRing from "lucide-react/icons/bell-ring";
import * as blocks from "lucide-react/icons/blocks";
import * as bookCopy from "lucide-react/icons/book-copy";
import * as bookMarked from "lucide-react/icons/book-bookmark";
import * as bookOpen from "lucide-react/icons/book-open";
import * as bus from "lucide-react/icons/bus";
import * as calendar from "lucide-react/icons/calendar";
import * as calendarClock from "lucide-react/icons/calendar-clock";
import * as calendarDays from "lucide-react/icons/calendar-days";
import * as calendarRange from "lucide-react/icons/calendar-range";
import * as chartColumn from "lucide-react/icons/chart-column";
import * as circleHelp from "lucide-react/icons/circle-question-mark";
import * as clipboardCheck from "lucide-react/icons/clipboard-check";
import * as contact from "lucide-react/icons/contact";
import * as doorOpen from "lucide-react/icons/door-open";
import * as fileBarChart from "lucide-react/icons/file-chart-column-increasing";
import * as fileCheck from "lucide-react/icons/file-check";
import * as fileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import * as fileText from "lucide-react/icons/file-text";
import * as folderTree from "lucide-react/icons/folder-tree";
import * as gauge from "lucide-react/icons/gauge";
import * as graduationCap from "lucide-react/icons/graduation-cap";
import * as handshake from "lucide-react/icons/handshake";
import * as heartHandshake from "lucide-react/icons/heart-handshake";
import * as heartPulse from "lucide-react/icons/heart-pulse";
import * as idCard from "lucide-react/icons/id-card";
import * as inbox from "lucide-react/icons/inbox";
import * as info from "lucide-react/icons/info";
import * as languages from "lucide-react/icons/languages";
import * as layers from "lucide-react/icons/layers";
import * as layoutGrid from "lucide-react/icons/layout-grid";
import * as list from "lucide-react/icons/list";
import * as listChecks from "lucide-react/icons/list-checks";
import * as listOrdered from "lucide-react/icons/list-ordered";
import * as listTree from "lucide-react/icons/list-tree";
import * as megaphone from "lucide-react/icons/megaphone";
import * as messagesSquare from "lucide-react/icons/messages-square";
import * as newspaper from "lucide-react/icons/newspaper";
import * as notebookPen from "lucide-react/icons/notebook-pen";
import * as piggyBank from "lucide-react/icons/piggy-bank";
import * as presentation from "lucide-react/icons/presentation";
import * as receipt from "lucide-react/icons/receipt";
import * as route from "lucide-react/icons/route";
import * as send from "lucide-react/icons/send";
import * as settings from "lucide-react/icons/settings";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as shoppingCart from "lucide-react/icons/shopping-cart";
import * as smile from "lucide-react/icons/face-slightly-smiling";
import * as stethoscope from "lucide-react/icons/stethoscope";
import * as table from "lucide-react/icons/table";
import * as table2 from "lucide-react/icons/table-2";
import * as tags from "lucide-react/icons/tags";
import * as user from "lucide-react/icons/user";
import * as userCheck from "lucide-react/icons/user-check";
import * as userCog from "lucide-react/icons/user-cog";
import * as userRoundPen from "lucide-react/icons/user-round-pen";
import * as users from "lucide-react/icons/users";
import * as usersRound from "lucide-react/icons/users-round";
import * as wallet from "lucide-react/icons/wallet";
import * as workflow from "lucide-react/icons/workflow";
import * as circle from "lucide-react/icons/circle";
import type { ModuleIconName } from "@/components/module-icon-names.ts";

/**
 * Every name the menu may ask for, with lucide's drawing of it: each icon's module of lucide-react also exports its
 * data (`__iconData`), which its own type file leaves out. A name lucide has since renamed is read from the icon's
 * current module (book-marked, circle-help, file-bar-chart, smile), whose alias module exports the component alone.
 */
const ICONS: Record<ModuleIconName | "circle", object> = {
  backpack,
  "bell-ring": bellRing,
  blocks,
  "book-copy": bookCopy,
  "book-marked": bookMarked,
  "book-open": bookOpen,
  bus,
  calendar,
  "calendar-clock": calendarClock,
  "calendar-days": calendarDays,
  "calendar-range": calendarRange,
  "chart-column": chartColumn,
  "circle-help": circleHelp,
  "clipboard-check": clipboardCheck,
  contact,
  "door-open": doorOpen,
  "file-bar-chart": fileBarChart,
  "file-check": fileCheck,
  "file-spreadsheet": fileSpreadsheet,
  "file-text": fileText,
  "folder-tree": folderTree,
  gauge,
  "graduation-cap": graduationCap,
  handshake,
  "heart-handshake": heartHandshake,
  "heart-pulse": heartPulse,
  "id-card": idCard,
  inbox,
  info,
  languages,
  layers,
  "layout-grid": layoutGrid,
  list,
  "list-checks": listChecks,
  "list-ordered": listOrdered,
  "list-tree": listTree,
  megaphone,
  "messages-square": messagesSquare,
  newspaper,
  "notebook-pen": notebookPen,
  "piggy-bank": piggyBank,
  presentation,
  receipt,
  route,
  send,
  settings,
  "shield-check": shieldCheck,
  "shopping-cart": shoppingCart,
  smile,
  stethoscope,
  table,
  "table-2": table2,
  tags,
  user,
  "user-check": userCheck,
  "user-cog": userCog,
  "user-round-pen": userRoundPen,
  users,
  "users-round": usersRound,
  wallet,
  workflow,
  circle,
};

const quoted = (value: unknown) => String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** An SVG node of lucide's data as markup (its React `key` left out). */
function markup([tag, attributes, children = []]: LucideIconNode): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${quoted(value)}"`)
    .join("");
  return `<${tag}${attrs}>${children.map(markup).join("")}</${tag}>`;
}

/** One icon as a symbol of the sprite; its strokes are left to the <svg> that uses it. */
function symbol(name: string, module: object): string {
  const { node } = (module as { __iconData: LucideIconData }).__iconData;
  return `<symbol id="${name}" viewBox="0 0 24 24">${node.map(markup).join("")}</symbol>`;
}

const SPRITE = `<svg xmlns="http://www.w3.org/2000/svg">${Object.entries(ICONS)
  .map(([name, module]) => symbol(name, module))
  .join("")}</svg>`;

export const dynamic = "force-static";

/**
 * GET /module-icons.svg: the menu's icons as one SVG sprite, built once when the app is built. The sidebar, the home
 * cards and the module screens draw them with <use>, so the 60 drawings are one cached file, not JavaScript in every
 * page's first load.
 */
export function GET(): Response {
  return new Response(SPRITE, {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600, stale-while-revalidate=86400" },
  });
}
