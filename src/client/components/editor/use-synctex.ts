// The SyncTeX data of the PDF on screen, fetched once per PDF (its URL names it by content, so it
// never changes) and parsed in the browser.
import { useQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../lib/api';
import { gunzipText, parseSyncTex, type SyncTex } from '../../lib/synctex';

export function useSyncTex(url: string | undefined): SyncTex | null {
  const query = useQuery({
    queryKey: ['synctex', url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url!, { credentials: 'same-origin', signal });
      if (!res.ok) throw await apiErrorFrom(res);
      return parseSyncTex(await gunzipText(await res.arrayBuffer()));
    },
    enabled: !!url,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return query.data ?? null;
}
