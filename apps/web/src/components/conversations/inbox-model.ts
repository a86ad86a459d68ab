import { CONVERSATION_TYPE, type TConversationDetail, type TConversationMessage, TIMER_ORANGE_MINUTES, TIMER_RED_MINUTES } from "@pizarra/contracts";

/** 002 §9: times are shown at a fixed UTC-5, whatever the browser's zone. */
const SCHOOL_OFFSET_MS = -5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;

const intlLocale = (locale: string) => (locale === "en" ? "en-US" : "es-ES");
/** The moment moved to the school's clock, to be read with timeZone UTC. */
const atSchool = (ms: number) => new Date(ms + SCHOOL_OFFSET_MS);

/**
 * 002 §9: today shows the time, within the last 7 days the weekday and the time, otherwise the date and the time, all
 * at the school's UTC-5.
 */
export function conversationTime(iso: string, locale: string, now = new Date()): string {
  const at = Date.parse(iso);
  const shown = atSchool(at);
  const today = atSchool(now.getTime()).toISOString().slice(0, 10);
  const time = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" } as const;
  if (shown.toISOString().slice(0, 10) === today) return new Intl.DateTimeFormat(intlLocale(locale), time).format(shown);
  const withinWeek = now.getTime() - at < WEEK_DAYS * DAY_MS && at <= now.getTime();
  const parts = withinWeek ? { weekday: "short" } : { day: "numeric", month: "short", year: "numeric" };
  return new Intl.DateTimeFormat(intlLocale(locale), { ...parts, ...time } as Intl.DateTimeFormatOptions).format(shown);
}

/** The whole date and time at UTC-5, for a title that tells the exact moment. */
export function fullTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "full",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(atSchool(Date.parse(iso)));
}

export type TimerTone = "red" | "orange" | "green";

/** 002 §4: the AI hold's time left in whole minutes (rounded up) and its colour, or null once it has ended. */
export function aiTimer(holdAiTill: string | null, now = new Date()): { minutes: number; tone: TimerTone } | null {
  if (!holdAiTill) return null;
  const left = Date.parse(holdAiTill) - now.getTime();
  if (!(left > 0)) return null;
  const minutes = Math.ceil(left / 60_000);
  const tone = left < TIMER_RED_MINUTES * 60_000 ? "red" : left < TIMER_ORANGE_MINUTES * 60_000 ? "orange" : "green";
  return { minutes, tone };
}

/** 002 §4: an open conversation whose hold is still to come is the assistant's; the reply box waits for a takeover. */
export const heldByAssistant = (detail: Pick<TConversationDetail, "type" | "holdAiTill">, now = new Date()): boolean =>
  detail.type === CONVERSATION_TYPE.open && aiTimer(detail.holdAiTill, now) !== null;

/** The school's messages go on the right; the family's on the left. */
export const fromSchool = (message: Pick<TConversationMessage, "author">): boolean => message.author !== "contact";

/** A message list with a new one (the reply the POST answered) put in, once, in time order. */
export function withMessage(list: readonly TConversationMessage[], message: TConversationMessage): TConversationMessage[] {
  if (list.some((m) => m.ID === message.ID)) return [...list];
  return [...list, message].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
