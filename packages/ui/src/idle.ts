"use client";

/**
 * Runs `work` once the page is first idle, for code no page needs to paint but a person soon will (the toasts, the
 * sign-in form's checks); Safari has no requestIdleCallback, a second after painting stands in for it. Answers the
 * cancel, for an effect's clean-up.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(work, 1000);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(work);
  return () => cancelIdleCallback(idle);
}
