/**
 * The query-key factory: every cached answer is keyed under its service and resource, so a
 * write invalidates exactly what it changes (Medusa's pattern, DESIGN.md §3).
 */
export interface ResourceRef {
  service: string;
  name: string;
}

export interface ListParams {
  page: number;
  size: number;
  sort?: string;
  filters?: Record<string, string | undefined>;
}

export const queryKeys = {
  resource: (r: ResourceRef) => {
    const all = [r.service, r.name] as const;
    return {
      all,
      lists: () => [...all, 'list'] as const,
      list: (params: ListParams) => [...all, 'list', params] as const,
      details: () => [...all, 'detail'] as const,
      detail: (id: string) => [...all, 'detail', id] as const,
      /** Every record, for selects and reference filters. */
      options: () => [...all, 'options'] as const,
    };
  },
  me: () => ['clients.storage', 'me'] as const,
  routes: () => ['clients.storage', 'me', 'routes'] as const,
  authHistory: (page: number, size: number) => ['auth.processing', 'auth_history', page, size] as const,
};
