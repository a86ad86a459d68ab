import { QueryClient } from "@tanstack/react-query";

/**
 * The browser's one cache of server reads. The API wrapper already tells the person about a failure (a toast, or in
 * place), so a failed read is not tried again behind their back, and a read made offline is tried (and said to have
 * failed) rather than held until the network comes back. A screen that wants a poll or a refetch on focus asks for it
 * in its own query; none refetches on reconnecting, where the attendance register's queued marks are being sent and
 * an answer read before they land would show the marks undone.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: "always" } },
  });
}
