"use client";

import type { TPushKeyAnswer, TPushStateAnswer } from "@pizarra/contracts";
import { cn, DropdownMenuItem, toast } from "@pizarra/ui";
import { Bell, BellOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { api } from "@/client/api.ts";
import { ApiReadError, apiKey } from "@/client/api-query.ts";
import { currentLocale } from "@/client/preferences.ts";
import { storedToken } from "@/client/session.ts";

/**
 * What this device can do: `unconfigured` (the server has no VAPID keys: the control is not shown), `unsupported`
 * (no service workers or Push API, or not a secure context), `denied` (blocked in the browser's settings), then off/on.
 */
type PushState = "loading" | "unconfigured" | "unsupported" | "denied" | "off" | "on";

function supported(): boolean {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * The server's public key, asked once per page load (the menu mounts its content each time it opens): null when the
 * server does not offer push (409); a failed call is asked again next time.
 */
function publicKey(client: QueryClient): Promise<string | null> {
  return client
    .fetchQuery({
      queryKey: apiKey("push/key"),
      queryFn: async ({ signal }) => {
        const result = await api.get<TPushKeyAnswer>("push/key", { notify: false, signal });
        if (result.ok) return result.envelope.data.publicKey;
        if (result.httpStatus === 409) return null;
        throw new ApiReadError(result);
      },
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    })
    .catch(() => null);
}

/** applicationServerKey wants the raw bytes of the base64url key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readState(client: QueryClient): Promise<PushState> {
  if (!supported()) return "unsupported";
  const key = await publicKey(client);
  if (key === null) return "unconfigured";
  if (Notification.permission === "denied") return "denied";
  const subscription = await currentSubscription();
  if (!subscription) return "off";
  // The browser's subscription may be someone else's here (another person signed in on it last): the server knows.
  const status = await api.post<TPushStateAnswer>("push/status", { endpoint: subscription.endpoint }, { notify: false });
  return status.ok && status.envelope.data.on ? "on" : "off";
}

async function turnOn(key: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const bytes = keyBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the keys were changed): the push service would refuse our messages to it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, bytes)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
  const { endpoint, keys } = subscription.toJSON();
  const saved = await api.post("push/subscribe", { endpoint, keys });
  if (saved.ok && saved.envelope.msg) toast.success(saved.envelope.msg);
  return saved.ok ? "on" : "off";
}

async function turnOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    const removed = await api.post("push/unsubscribe", { endpoint: subscription.endpoint });
    if (!removed.ok) return "on";
    await subscription.unsubscribe();
    if (removed.envelope.msg) toast.success(removed.envelope.msg);
  }
  return "off";
}

/**
 * Before signing out: this browser stops receiving the person's notifications, so that the next person to use it
 * does not see them. Bounded, so that a slow network never holds the sign-out.
 */
export async function forgetThisDevice(): Promise<void> {
  if (typeof window === "undefined" || !supported()) return;
  const forget = async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    const token = storedToken();
    if (token) {
      await fetch("/api/push/unsubscribe", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Locale": currentLocale() },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
        keepalive: true,
      });
    }
    await subscription.unsubscribe();
  };
  await Promise.race([forget().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1500))]);
}

/** The user menu's item that turns notifications on or off on this device (a menu checkbox). */
export function PushToggle() {
  const t = useTranslations("push");
  const client = useQueryClient();
  // Read at each opening of the menu (dropped once it closes): permission and subscription live in the browser and
  // may have changed meanwhile. A toggle's outcome then stands for the rest of the opening.
  const read = useQuery({ queryKey: ["pushState"], queryFn: () => readState(client).catch((): PushState => "off"), gcTime: 0 });
  const [toggled, setState] = useState<PushState | null>(null);
  const state = toggled ?? read.data ?? "loading";
  const [busy, setBusy] = useState(false);

  const toggle = useCallback(
    async (event: Event) => {
      // The menu stays open, so that the person sees the switch change.
      event.preventDefault();
      if (busy || (state !== "on" && state !== "off")) return;
      setBusy(true);
      try {
        const key = await publicKey(client);
        setState(state === "on" ? await turnOff() : key ? await turnOn(key) : "unconfigured");
      } catch {
        toast.error(t("failed"));
        setState(await readState(client).catch((): PushState => "off"));
      } finally {
        setBusy(false);
      }
    },
    [busy, state, t, client],
  );

  if (state === "loading" || state === "unconfigured") return null;
  const blocked = state === "unsupported" || state === "denied";
  const on = state === "on";
  return (
    <DropdownMenuItem
      role="menuitemcheckbox"
      aria-checked={on}
      aria-busy={busy}
      disabled={blocked}
      onSelect={toggle}
      data-testid="push-toggle"
      data-state={state}
      // A blocked item stays readable: its second line says why, and what to do.
      className="items-start data-[disabled]:opacity-100"
    >
      {on ? <Bell aria-hidden className="mt-0.5" /> : <BellOff aria-hidden className="mt-0.5" />}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span>{t("toggle")}</span>
        {blocked && <span className="text-xs whitespace-normal text-muted-foreground">{t(state)}</span>}
      </span>
      {!blocked && (
        // A picture of a switch; the state itself is aria-checked's.
        <span
          aria-hidden
          className={cn(
            "mt-0.5 inline-flex h-4 w-7 shrink-0 items-center rounded-full p-0.5 transition-colors",
            on ? "bg-primary" : "bg-input dark:bg-input/80",
            busy && "opacity-60",
          )}
        >
          <span className={cn("size-3 rounded-full bg-background shadow-sm transition-transform", on && "translate-x-3")} />
        </span>
      )}
    </DropdownMenuItem>
  );
}
