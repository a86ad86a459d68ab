import { QueryClient } from "@tanstack/react-query";

/**
 * The browser's one cache of server reads. The API wrapper already tells the person about a failure (a toast, or in
 * place), so a failed read is not tried again behind their back; a screen that wants a poll or a refetch on focus
 * asks for it in its own query.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}
