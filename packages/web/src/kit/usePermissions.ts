import { useQuery } from '@tanstack/react-query';
import {
  hasAnyPermission,
  PERMISSIONS,
  permissionEntityName,
  permissionLabel,
  permissionNote,
  permissionParts,
  permissionResource,
  type Lang,
  type PermissionColumn,
} from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { api } from './api.ts';
import { queryKeys } from './queryKeys.ts';
import { listPath } from './useResourceList.ts';

/** A permission as the screens show it: its id, service, code and stored texts. */
export interface PermissionRecord {
  id: number;
  service: string;
  code: string;
  name: string | null;
  description: string | null;
}

/** Every permission record (for the matrix and the code selects), when the user may list them. */
export function usePermissionRecords() {
  const { user } = useSession();
  const allowed = !!user && hasAnyPermission(user.permissions, permissionResource.service, permissionResource.permissions.list);
  const query = useQuery({
    queryKey: [...queryKeys.resource(permissionResource).all, 'records'],
    enabled: allowed,
    staleTime: 60_000,
    queryFn: async (): Promise<PermissionRecord[]> => {
      const list = await api.fetchAll<Omit<PermissionRecord, 'id'>>(listPath(permissionResource), { sort: 'service,code' }, permissionResource.pageSize.max);
      return list.data.map((record) => ({ id: Number(record.id), ...record.attributes }));
    },
  });
  return { ...query, allowed, records: query.data ?? [] };
}

/** The codes of a service to choose from: the stored ones when readable, else the seeded ones. */
export function codesOfService(records: PermissionRecord[], service: string | undefined): Omit<PermissionRecord, 'id'>[] {
  if (!service) return [];
  const stored = records.filter((record) => record.service === service);
  if (stored.length) return stored;
  return PERMISSIONS.filter((p) => p.service === service).map((p) => ({ ...p, name: null, description: null }));
}

export interface MatrixCell {
  id: number;
  code: string;
  name: string;
  description: string | null;
  /** A short rule shown next to the code (publishing codes). */
  note?: string | null;
}
export type MatrixColumn = Exclude<PermissionColumn, 'special'>;
export const MATRIX_COLUMNS: MatrixColumn[] = ['read', 'create', 'change', 'delete'];

export interface MatrixRow {
  entity: string;
  title: string;
  cells: Partial<Record<MatrixColumn, MatrixCell[]>>;
  special: MatrixCell[];
}

export interface MatrixService {
  service: string;
  title: string;
  rows: MatrixRow[];
  /** Every permission id of the service that the search left. */
  ids: number[];
}

const matches = (needle: string, ...texts: (string | null | undefined)[]) => texts.some((text) => !!text && text.toLowerCase().includes(needle));

/**
 * Permissions as a matrix: one block per service, one row per entity (users, roles ...), the
 * columns read, create, change, delete and the special codes; names in `lang`. A search keeps a
 * whole service or row whose name matches, otherwise the codes whose name, description or code do.
 */
export function buildMatrix(records: PermissionRecord[], lang: Lang, serviceTitle: (service: string) => string, generalTitle: string, search = ''): MatrixService[] {
  const needle = search.trim().toLowerCase();
  const byService = new Map<string, MatrixService>();
  for (const record of records) {
    const title = serviceTitle(record.service);
    const { entity, column } = permissionParts(record.code);
    const rowTitle = permissionEntityName(record.service, entity, lang) ?? (entity || generalTitle);
    const label = permissionLabel(record, lang);
    if (needle && !matches(needle, title, rowTitle, label.name, label.description, record.code)) continue;
    let block = byService.get(record.service);
    if (!block) byService.set(record.service, (block = { service: record.service, title, rows: [], ids: [] }));
    let row = block.rows.find((entry) => entry.entity === entity);
    if (!row) block.rows.push((row = { entity, title: rowTitle, cells: {}, special: [] }));
    const cell = { id: record.id, code: record.code, name: label.name, description: label.description, note: permissionNote(record.service, record.code, lang) };
    if (column === 'special') row.special.push(cell);
    else (row.cells[column] ??= []).push(cell);
    block.ids.push(record.id);
  }
  // General codes (modes, root) first, then entities by name.
  for (const block of byService.values()) block.rows.sort((a, b) => Number(!!b.special.length && !Object.keys(b.cells).length) - Number(!!a.special.length && !Object.keys(a.cells).length) || a.title.localeCompare(b.title));
  return [...byService.values()].sort((a, b) => a.title.localeCompare(b.title));
}
