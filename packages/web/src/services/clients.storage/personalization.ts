import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FAVORITES_LIMIT, type JsonApiRecord, type Personalization } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';

export const personalizationKey = ['clients.storage', 'personalization'] as const;
const PATH = gatewayPath('clients.storage', 'personalization');
const EMPTY: Personalization = { favorite_sites: [], favorite_clients: [] };

/** The user's favorites (GET /personalization; an empty record before the first star). */
export function usePersonalization() {
  const { user } = useSession();
  return useQuery({
    queryKey: personalizationKey,
    enabled: !!user,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const record = await api.get<JsonApiRecord<Personalization>>(PATH, undefined, signal);
      return record?.attributes ?? EMPTY;
    },
  });
}

export type FavoriteKind = keyof Personalization;

/**
 * Stars and unstars one kind of favorite (sites or clients): shown at once, saved with PATCH
 * /personalization, undone with the server's message when refused.
 */
export function useFavorites(kind: FavoriteKind) {
  const { t } = useTranslation('clients.storage');
  const queryClient = useQueryClient();
  const query = usePersonalization();
  const ids = query.data?.[kind] ?? [];

  const mutation = useMutation({
    mutationFn: (next: number[]) => api.patch<JsonApiRecord<Personalization>>(PATH, { type: 'personalization', attributes: { [kind]: next } }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: personalizationKey });
      const previous = queryClient.getQueryData<Personalization>(personalizationKey);
      queryClient.setQueryData<Personalization>(personalizationKey, { ...(previous ?? EMPTY), [kind]: next });
      return { previous };
    },
    onError: (error, _next, context) => {
      queryClient.setQueryData(personalizationKey, context?.previous ?? EMPTY);
      notify.error(t('favorites.failed'), errorTitle(error));
    },
    onSuccess: (record) => {
      if (record?.attributes) queryClient.setQueryData(personalizationKey, record.attributes);
    },
  });

  const isFavorite = (id: number) => ids.includes(id);
  const toggle = (id: number) => {
    const current = queryClient.getQueryData<Personalization>(personalizationKey)?.[kind] ?? ids;
    mutation.mutate(current.includes(id) ? current.filter((other) => other !== id) : [...current, id]);
  };
  return { ids, isFavorite, toggle, loaded: query.isSuccess, full: ids.length >= FAVORITES_LIMIT };
}
