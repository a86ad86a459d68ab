/** /app/home → /app/home/start, the module cards (spec 000 §2.1); a route handler for the reason given in ../route.ts. */
export function GET(): Response {
  return new Response(null, { status: 307, headers: { Location: "/app/home/start" } });
}
