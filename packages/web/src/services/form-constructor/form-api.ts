import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COLOR_SCHEMES, type CustomFormEntity, type FormChoices, type FormPalette, type JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/** Calls of the form constructor's screens (server services/form-constructor/form.routes.ts). */
export const formsPath = (rest: string) => gatewayPath('form-constructor', rest);
export type FormRecord = JsonApiRecord<CustomFormEntity>;

export const formKeys = {
  all: ['form-constructor'] as const,
  list: (siteId: string, search: string) => ['form-constructor', 'list', siteId, search] as const,
  one: (id: string) => ['form-constructor', 'one', id] as const,
  choices: (siteId: string, brandIds: number[]) => ['form-constructor', 'choices', siteId, brandIds.join(',')] as const,
  captcha: (siteId: string) => ['form-constructor', 'captcha', siteId] as const,
  keys: (siteId: string) => ['form-constructor', 'smart_captcha_keys', siteId] as const,
};

const isId = (value: string | undefined): value is string => !!value && /^\d+$/.test(value);

/** A site's forms, last changed first, with their authors' names; searched by title. */
export function useForms(siteId: string, search: string) {
  return useQuery({
    queryKey: formKeys.list(siteId, search),
    enabled: isId(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<CustomFormEntity>(formsPath(`custom_forms/list/${siteId}`), { search: search || undefined, 'page[size]': 1000 }, signal),
  });
}

export function useForm(id: string | undefined) {
  return useQuery({
    queryKey: formKeys.one(id ?? ''),
    enabled: isId(id),
    queryFn: ({ signal }) => api.get<FormRecord>(formsPath(`custom_forms/${id}`), undefined, signal),
  });
}

/** What the site's forms can offer (dealerships, cities, every brand; the models of `brandIds`). */
export function useFormChoices(siteId: string, brandIds: number[]) {
  const sorted = [...new Set(brandIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: formKeys.choices(siteId, sorted),
    enabled: isId(siteId),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.get<FormChoices>(formsPath(`custom_forms/choices/${siteId}`), { brand_ids: sorted.join(',') || undefined }, signal),
  });
}

/** The colours of a site's scheme, for the preview (the site draws its forms in them). */
export function sitePalette(site: { context?: { color_scheme?: string | null } | null } | null | undefined): FormPalette {
  const code = site?.context?.color_scheme;
  return (COLOR_SCHEMES.find((scheme) => scheme.code === code) ?? COLOR_SCHEMES[0]!).palette;
}

export interface CaptchaSettingsAnswer {
  data: JsonApiRecord<{ site_id: number; kind: 'proof_of_work' | 'smart_captcha'; updated_at: string }> | null;
  meta: { in_use: 'proof_of_work' | 'smart_captcha'; color_scheme: string };
}

export function useCaptchaSettings(siteId: string) {
  return useQuery({
    queryKey: formKeys.captcha(siteId),
    enabled: isId(siteId),
    queryFn: ({ signal }) => api.request<CaptchaSettingsAnswer>('GET', formsPath(`captcha_settings/where_site_id/${siteId}`), { signal }),
  });
}

export interface SmartKey {
  site_id: number;
  color_scheme: string;
  client_token: string;
  has_secret: boolean;
  updated_at: string;
}

export function useSmartKeys(siteId: string) {
  return useQuery({
    queryKey: formKeys.keys(siteId),
    enabled: isId(siteId),
    queryFn: ({ signal }) => api.list<SmartKey>(formsPath(`smart_captcha_keys/where_site_id/${siteId}`), undefined, signal),
  });
}
