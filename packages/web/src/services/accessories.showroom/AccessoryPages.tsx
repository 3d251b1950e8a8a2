import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Checkbox, Empty, Grid, Popconfirm, Result, Select, Space } from 'antd';
import { PlusOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCESSORY_STATUSES, hasAnyPermission, SYSTEM_ATTRIBUTES_CODE, type AccessoryAttributeType, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { FormDrawer } from '../../kit/unsaved.tsx';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { useSite } from '../sites.context/site-api.ts';
import { CarPhotosField } from '../cars.stock/CarPhotosField.tsx';
import { accessoriesPath, accessoryRes, attributeRes, categoryRes, usePagedList, type Row } from './accessories-api.ts';
import { AttributeValuesField, DefaultValueField, FixedField } from './AccessoryFields.tsx';
import './accessories.css';

type Widgets = NonNullable<ResourceListExtrasValue['formWidgets']>;

/** The site of the screen's {siteId}: its name and client. */
function useScreenSite() {
  const { siteId = '' } = useParams();
  const site = useSite(siteId);
  const clientId = site.data ? Number(site.data.site.attributes.client_id) : null;
  return { siteId, site, clientId, siteName: (site.data?.site.attributes.name as string | undefined) ?? '', clientName: site.data?.clientName ?? '' };
}

interface ListState {
  page: number;
  size: number;
  sort?: string;
}

interface RecordsPageProps {
  resource: AnyResource;
  subtitle?: string;
  /** The list call below the service (by_site_id/..., for_client_id/...), null until known. */
  path: string | null;
  defaultSize: number;
  filters?: Record<string, string | number | undefined>;
  filterBar?: ReactNode;
  /** May the caller change or delete this record (a system-wide one is staff's); null: create. */
  writable: (record: Row | null) => boolean;
  /** The form's own widgets (the site, the owner, images, attribute values) for the record edited. */
  widgets: (record: Row | null) => Widgets;
  headerExtra?: (selected: string[], clear: () => void) => ReactNode;
  selectable?: boolean;
  cells?: ResourceListExtrasValue['cellRenderers'];
}

/**
 * A list of one of the spec's list calls with the resource's table, a drawer with its form (the
 * screen's own widgets), delete with confirmation, empty, loading and error states, paging.
 */
function RecordsPage({ resource, subtitle, path, defaultSize, filters = {}, filterBar, writable, widgets, headerExtra, selectable, cells }: RecordsPageProps) {
  const { t } = useTranslation(['accessories.showroom', 'common']);
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [state, setState] = useState<ListState>({ page: 1, size: defaultSize });
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const query = usePagedList(resource, path, { 'page[number]': state.page, 'page[size]': state.size, sort: state.sort, ...filters });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(accessoriesPath(`${resource.name}/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const records = (query.data?.data ?? []) as Row[];
  const title = t(`${resource.name}.title`);
  const createButton = writable(null) && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t(`${resource.name}.create`)}
    </Button>
  );
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((one) => one !== id)));
  const extras: ResourceListExtrasValue = {
    cellRenderers: cells,
    leadingColumns: selectable
      ? [
          {
            key: 'select',
            width: 48,
            title: (
              <Checkbox
                aria-label={t('accessories.select_page')}
                checked={records.length > 0 && records.every((record) => selected.includes(record.id))}
                onChange={(event) => setSelected(event.target.checked ? records.map((record) => record.id) : [])}
              />
            ),
            render: (_: unknown, record: Row) => <Checkbox aria-label={t('accessories.select_one')} checked={selected.includes(record.id)} onChange={(event) => toggle(record.id, event.target.checked)} />,
          },
        ]
      : undefined,
  };
  return (
    <div className="page accessories-page">
      <PageHeader
        title={title}
        subtitle={subtitle}
        documentTitle={title}
        extra={
          <Space wrap>
            {headerExtra?.(selected, () => setSelected([]))}
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {filterBar && <div className="resource-filters accessories-filters">{filterBar}</div>}
        {query.isError && !query.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(query.error)} extra={<Button type="primary" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <ResourceListExtras.Provider value={extras}>
            <ResourceTable
              resource={resource}
              records={records}
              included={query.data?.included ?? []}
              loading={query.isFetching || path === null}
              page={state.page}
              size={state.size}
              total={query.data?.meta?.page?.total ?? 0}
              sort={state.sort}
              onPage={(page, size) => setState((now) => ({ ...now, page: size !== now.size ? 1 : page, size }))}
              onSort={(sort) => setState((now) => ({ ...now, page: 1, sort: sort ?? undefined }))}
              onEdit={(record) => setEditing({ record })}
              onDelete={(record) => {
                if (writable(record)) return remove.mutateAsync(record).catch(() => undefined);
                // A system-wide record is the platform's: only staff change it.
                notify.info(t('read_only'));
                return Promise.resolve();
              }}
              empty={query.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${resource.name}.empty`)}>{createButton}</Empty>}
            />
          </ResourceListExtras.Provider>
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t(`${resource.name}.edit_title`, { name: String(editing.record.attributes.name ?? '') }) : t(`${resource.name}.create_title`)}
        size={screens.sm === false ? '100%' : 640}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && (
          <ResourceListExtras.Provider value={{ formWidgets: widgets(editing.record) }}>
            <ResourceForm
              key={editing.record?.id ?? 'new'}
              resource={resource}
              record={editing.record}
              readOnly={!writable(editing.record)}
              actionsContainer={footer}
              onSaved={() => {
                setEditing(null);
                void refresh();
              }}
              onCancel={() => setEditing(null)}
            />
          </ResourceListExtras.Provider>
        )}
      </FormDrawer>
    </div>
  );
}

function useCanWrite(resource: AnyResource) {
  const { user } = useSession();
  const permissions = user?.permissions ?? {};
  const staff = !!user?.internal;
  return {
    staff,
    can: (action: 'create' | 'update' | 'delete') => hasAnyPermission(permissions, 'accessories.showroom', resource.permissions[action]),
    system: hasAnyPermission(permissions, 'accessories.showroom', [SYSTEM_ATTRIBUTES_CODE]),
  };
}

/** /accessories.showroom/accessories/{siteId}: the site's accessories, their filters and bulk status change. */
export function AccessoriesPage() {
  const { t } = useTranslation(['accessories.showroom', 'common']);
  const { siteId, clientId, siteName } = useScreenSite();
  const rights = useCanWrite(accessoryRes);
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string | number | undefined>>({});
  const [bulkStatus, setBulkStatus] = useState<string>('out_of_stock');
  const categories = useRefOptions({ service: 'accessories.showroom', name: 'categories', label: 'name' });
  const brands = useRefOptions({ service: 'cars.catalog', name: 'brands', label: 'name' });
  const models = useRefOptions({ service: 'cars.catalog', name: 'models', label: 'name' }, filters['filter[brand_id]'] ? { brand_id: String(filters['filter[brand_id]']) } : undefined);
  const set = (name: string, value: string | number | undefined | null) => setFilters((now) => ({ ...now, [name]: value ?? undefined, ...(name === 'filter[brand_id]' ? { 'filter[model_id]': undefined } : {}) }));
  const statusOptions = ACCESSORY_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }));
  const bulk = useMutation({
    mutationFn: (ids: string[]) => api.post<{ changed: number }>(accessoriesPath('accessories/status'), { ids: ids.map(Number), status: bulkStatus }),
    onSuccess: async (result) => {
      notify.success(t('accessories.bulk_done', { count: result?.changed ?? 0 }));
      await client.invalidateQueries({ queryKey: queryKeys.resource(accessoryRes).all });
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const filterBar = (
    <Space wrap size={[12, 12]}>
      <SearchInput allowClear value={search} placeholder={t('accessories.filters.search')} aria-label={t('accessories.filters.search')} onChange={(event) => setSearch(event.target.value)} onSearch={(next) => set('filter[search]', next.trim() || undefined)} style={{ width: 240 }} />
      <Select allowClear placeholder={t('accessories.fields.category_id')} aria-label={t('accessories.fields.category_id')} options={categories.options} value={filters['filter[category_id]']} onChange={(value) => set('filter[category_id]', value)} style={{ minWidth: 180 }} popupMatchSelectWidth={false} showSearch={{ optionFilterProp: 'label' }} />
      <Select allowClear placeholder={t('accessories.fields.status')} aria-label={t('accessories.fields.status')} options={statusOptions} value={filters['filter[status]']} onChange={(value) => set('filter[status]', value)} style={{ minWidth: 160 }} popupMatchSelectWidth={false} />
      <Select allowClear placeholder={t('accessories.fields.brand_id')} aria-label={t('accessories.fields.brand_id')} options={brands.options} value={filters['filter[brand_id]']} onChange={(value) => set('filter[brand_id]', value)} style={{ minWidth: 160 }} popupMatchSelectWidth={false} showSearch={{ optionFilterProp: 'label' }} />
      <Select allowClear disabled={!filters['filter[brand_id]']} placeholder={t('accessories.filters.model_id')} aria-label={t('accessories.filters.model_id')} options={models.options} value={filters['filter[model_id]']} onChange={(value) => set('filter[model_id]', value)} style={{ minWidth: 160 }} popupMatchSelectWidth={false} showSearch={{ optionFilterProp: 'label' }} />
      <MoneyInput usdHelp={false} step={1000} placeholder={t('accessories.filters.price_from')} aria-label={t('accessories.filters.price_from')} value={filters['filter[price_from]'] as number | undefined} onChange={(value) => set('filter[price_from]', value ?? undefined)} style={{ width: 150 }} />
      <MoneyInput usdHelp={false} step={1000} placeholder={t('accessories.filters.price_to')} aria-label={t('accessories.filters.price_to')} value={filters['filter[price_to]'] as number | undefined} onChange={(value) => set('filter[price_to]', value ?? undefined)} style={{ width: 150 }} />
      {Object.values(filters).some((value) => value !== undefined) && (
        <Button onClick={() => { setFilters({}); setSearch(''); }}>{t('common:actions.reset_filters')}</Button>
      )}
    </Space>
  );
  return (
    <RecordsPage
      resource={accessoryRes}
      subtitle={siteName}
      path={/^\d+$/.test(siteId) ? `accessories/by_site_id/${siteId}` : null}
      defaultSize={10}
      filters={filters}
      filterBar={filterBar}
      selectable={rights.can('update')}
      writable={(record) => rights.can(record ? 'update' : 'create')}
      headerExtra={(selected, clear) =>
        selected.length > 0 && rights.can('update') ? (
          <Space.Compact>
            <Select aria-label={t('accessories.bulk_status')} options={statusOptions} value={bulkStatus} onChange={setBulkStatus} style={{ minWidth: 150 }} popupMatchSelectWidth={false} />
            <Popconfirm title={t('accessories.bulk_confirm', { count: selected.length })} onConfirm={() => bulk.mutateAsync(selected).then(clear).catch(() => undefined)} okText={t('common:actions.confirm', { defaultValue: 'OK' })} cancelText={t('common:actions.cancel')}>
              <Button icon={<SwapOutlined aria-hidden />} loading={bulk.isPending}>
                {t('accessories.bulk_apply', { count: selected.length })}
              </Button>
            </Popconfirm>
          </Space.Compact>
        ) : null
      }
      widgets={() => ({
        site_id: (common) => <FixedField {...common} fixed={Number(siteId)} text={siteName} />,
        image_ids: (common) => <CarPhotosField {...common} clientId={clientId} />,
        attributes: (common) => <AttributeValuesField {...common} clientId={clientId} />,
      })}
    />
  );
}

/** /accessories.showroom/categories/{siteId}: the client's categories and the system-wide ones (staff change those). */
export function CategoriesPage() {
  const { t } = useTranslation(['accessories.showroom', 'common']);
  const { siteId, clientId, siteName, clientName } = useScreenSite();
  const rights = useCanWrite(categoryRes);
  const [search, setSearch] = useState<string | undefined>();
  return (
    <RecordsPage
      resource={categoryRes}
      subtitle={siteName}
      path={/^\d+$/.test(siteId) ? `categories/by_site_id/${siteId}` : null}
      defaultSize={100}
      filters={{ 'filter[search]': search }}
      filterBar={<SearchInput allowClear placeholder={t('categories.filters.search')} aria-label={t('categories.filters.search')} onSearch={(next) => setSearch(next.trim() || undefined)} style={{ width: 280 }} />}
      writable={(record) => rights.can(record ? 'update' : 'create') && (record === null || record.attributes.client_id !== null || rights.staff)}
      cells={{ client_id: (value) => (value === null ? t('system_wide') : clientName) }}
      widgets={() => ({
        client_id: (common) =>
          rights.staff ? (
            <OwnerSelect {...common} clientId={clientId} clientName={clientName} />
          ) : (
            <FixedField {...common} fixed={clientId} text={clientName} />
          ),
      })}
    />
  );
}

/** The owner of a new category for staff: the site's client (chosen at first) or the whole platform. */
function OwnerSelect({ clientId, clientName, value, onChange, ...rest }: { clientId: number | null; clientName: string; value?: unknown; onChange?: (value: unknown) => void; id?: string; 'aria-label'?: string }) {
  const { t } = useTranslation('accessories.showroom');
  useEffect(() => {
    if (value === undefined && clientId !== null) onChange?.(clientId);
  }, [value, clientId, onChange]);
  return (
    <Select
      {...rest}
      value={value === null ? 'system' : value}
      onChange={(next) => onChange?.(next === 'system' ? null : next)}
      options={[...(clientId !== null ? [{ value: clientId as number | string, label: clientName }] : []), { value: 'system', label: t('system_wide') }]}
    />
  );
}

const attributeWidgets = (record: Row | null, owner: Widgets[string] | null): Widgets => ({
  ...(owner ? { client_id: owner } : {}),
  default_value: (common) => <DefaultValueField {...common} recordType={record ? (record.attributes.type as AccessoryAttributeType) : undefined} />,
});

/** /accessories.showroom/accessory_attribute/{siteId}: the client's attributes and the system-wide ones. */
export function ClientAttributesPage() {
  const { t } = useTranslation(['accessories.showroom', 'common']);
  const { clientId, siteName, clientName } = useScreenSite();
  const rights = useCanWrite(attributeRes);
  const [search, setSearch] = useState<string | undefined>();
  return (
    <RecordsPage
      resource={attributeRes}
      subtitle={siteName}
      path={clientId !== null ? `accessory_attributes/for_client_id/${clientId}` : null}
      defaultSize={10}
      filters={{ 'filter[search]': search }}
      filterBar={<SearchInput allowClear placeholder={t('accessory_attributes.filters.search')} aria-label={t('accessory_attributes.filters.search')} onSearch={(next) => setSearch(next.trim() || undefined)} style={{ width: 280 }} />}
      writable={(record) => rights.can(record ? 'update' : 'create') && (record === null || record.attributes.client_id !== null)}
      widgets={(record) => attributeWidgets(record, (common) => <FixedField {...common} fixed={clientId} text={clientName} />)}
    />
  );
}

/** /accessories.catalog/accessory_attribute/: the system-wide attributes (staff write them). */
export function SystemAttributesPage() {
  const { t } = useTranslation(['accessories.showroom', 'common']);
  const rights = useCanWrite(attributeRes);
  const [search, setSearch] = useState<string | undefined>();
  return (
    <RecordsPage
      resource={attributeRes}
      subtitle={t('accessory_attributes.system_subtitle')}
      path="system_accessory_attributes"
      defaultSize={10}
      filters={{ 'filter[search]': search }}
      filterBar={<SearchInput allowClear placeholder={t('accessory_attributes.filters.search')} aria-label={t('accessory_attributes.filters.search')} onSearch={(next) => setSearch(next.trim() || undefined)} style={{ width: 280 }} />}
      writable={() => rights.system && rights.staff}
      widgets={(record) => attributeWidgets(record, (common) => <FixedField {...common} fixed={null} text={t('system_wide')} />)}
    />
  );
}

export type { JsonApiRecord };
