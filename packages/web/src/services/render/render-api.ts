import { useQuery } from '@tanstack/react-query';
import type { ColorEntry, ColorScheme, JsonApiRecord, Lang, LocaleEntry, ValueField } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/**
 * The render dictionaries (GET /gateway/render/api/v1/...): what the page, layout and floor
 * editors choose from. They change only with a release, so they are read once per session.
 */
export interface ComponentEntry {
  identity: string;
  name: Record<Lang, string>;
  description: Record<Lang, string>;
  fields: ValueField[];
  defaults: Record<string, unknown>;
}

const renderPath = (name: string) => gatewayPath('render', name);
const attributesOf = <A,>(records: JsonApiRecord<A>[]) => records.map((record) => ({ code: record.id, ...record.attributes }));

function useDictionary<A>(name: string, query?: Record<string, string>) {
  return useQuery({
    queryKey: ['render', name, query ?? {}],
    staleTime: Infinity,
    queryFn: async ({ signal }) => attributesOf(await api.get<JsonApiRecord<A>[]>(renderPath(name), query, signal)),
  });
}

/** Components by identity (all of them without `identities`). */
export const useComponents = (identities?: string[]) =>
  useDictionary<Omit<ComponentEntry, 'identity'>>('components', identities?.length ? { identities: identities.join(',') } : undefined);
export const useColors = () => useDictionary<Omit<ColorEntry, 'code'>>('colors');
export const useColorSchemes = () => useDictionary<Omit<ColorScheme, 'code'>>('color_schemes');
export const useRenderLocales = () => useDictionary<Omit<LocaleEntry, 'code'>>('locales');
export const useTitleWeights = () => useDictionary<{ weight: number; name: Record<Lang, string> }>('title_weights');
