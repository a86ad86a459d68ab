/**
 * /app → /app/home (spec 000 §2.1). A route handler rather than a page: the /app layout renders its pages only once
 * the browser has found a session, so a page's redirect would not reach the HTTP answer.
 */
export function GET(): Response {
  return new Response(null, { status: 307, headers: { Location: "/app/home" } });
}
