import './cars.css';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Empty, Grid, InputNumber, Modal, Popconfirm, Popover, Result, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
// cars.export: the commercial offer of the selected cars.
import { FilePdfOutlined } from '@ant-design/icons';
import { OfferDialog } from '../cars.export/OfferDialog.tsx';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandRef, CAR_LOGISTIC_STATUSES, CAR_STATUSES, hasPermission, modelRef, type CarType, type JsonApiList, type JsonApiRecord, type Lang } from '@dp/contracts';
import { siteUrl } from '../../app/data.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { useMoney } from '../../kit/Money.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { readJson, writeJson } from '../../kit/storage.ts';
import { includedIndex, useRefOptions } from '../../kit/useResourceList.ts';
import { useSite } from '../sites.context/site-api.ts';
import { carKeys, columnsKey, labelName, LOGISTIC_COLORS, STATUS_COLORS, stockPath, type CarRow } from './car-api.ts';
import { RefreshButton } from '../../kit/QueryStates.tsx';
import { CutText, DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

const PAGE_SIZE = 100;
type Car = JsonApiRecord<CarRow>;
interface Filters {
  brand?: number;
  model?: number;
  status?: string;
  logistic_status?: string;
  year?: number | null;
  price_from?: number | null;
  price_to?: number | null;
  search?: string;
}

/**
 * A car's page on its public site (its `pages`), opened the way the admin opens the site: the page's
 * path on the site's address from here (the technical host on a local server). None while the site
 * does not show the car.
 */
export function carPageHref(pages: readonly { type: string; url: string }[], siteOrigin: string | null): string | null {
  const page = pages.find((one) => one.type === 'car');
  if (!page || !siteOrigin) return null;
  const address = new URL(page.url, 'http://site.invalid');
  return `${siteOrigin}${address.pathname}${address.search}`;
}

/** The button that opens a car's page on its site, when the site shows it. */
function CarSiteLink({ pages, siteOrigin }: { pages: readonly { type: string; url: string }[]; siteOrigin: string | null }) {
  const { t } = useTranslation('cars.stock');
  const href = carPageHref(pages, siteOrigin);
  return href ? <IconButton type="text" icon={<ExportOutlined aria-hidden />} href={href} target="_blank" rel="noopener" aria-label={t('list.open_on_site')} title={t('list.open_on_site')} /> : null;
}

/** The columns a user may hide; VIN and the actions always show. */
const OPTIONAL_COLUMNS = ['external_id', 'car', 'labels', 'year', 'mileage', 'price', 'status', 'logistic_status', 'created_at'] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
const DEFAULT_HIDDEN: Record<CarType, OptionalColumn[]> = { new: ['external_id', 'mileage', 'created_at'], used: ['external_id', 'logistic_status', 'created_at'] };

function useColumnChoice(userId: number | undefined, type: CarType) {
  const key = columnsKey(userId, type);
  const [hidden, setHidden] = useState<OptionalColumn[]>(() => readJson<OptionalColumn[]>(key) ?? DEFAULT_HIDDEN[type]);
  const change = (next: OptionalColumn[]) => {
    setHidden(next);
    writeJson(key, next);
  };
  return { hidden, change };
}

/**
 * /cars.stock/new_cars/{siteId} and /used_cars/{siteId} (spec 001 §2): the site's cars, 100 a page,
 * with filters (brand, model, status, logistic status, year, price range, VIN or External ID),
 * sorting, a choice of columns remembered per user, the labels each car carries, and the bulk
 * "mark as sold" of the selected rows after a confirmation.
 */
function CarsPage({ type }: { type: CarType }) {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.stock', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const money = useMoney();
  const { user } = useSession();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const site = useSite(siteId);
  const clientId = site.data?.site.attributes.client_id;
  const siteOrigin = siteUrl(site.data?.site.attributes);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const [offering, setOffering] = useState(false);
  const columns = useColumnChoice(user?.id, type);
  const brands = useRefOptions(brandRef);
  const models = useRefOptions(filters.brand ? modelRef : undefined, filters.brand ? { brands: String(filters.brand) } : undefined);
  const can = (code: string) => hasPermission(user?.permissions ?? {}, 'cars.stock', code);

  const query = useMemo(() => {
    const q: Record<string, string | number> = { is_new: type === 'new' ? 'true' : 'false', 'filter[site_id]': siteId, 'page[number]': page, 'page[size]': PAGE_SIZE };
    if (sort) q.sort = sort;
    if (filters.brand) q['filter[brands]'] = filters.brand;
    if (filters.model) q['filter[models]'] = filters.model;
    if (filters.status) q['filter[status]'] = filters.status;
    if (filters.logistic_status) q['filter[logistic_status]'] = filters.logistic_status;
    if (filters.year) q['filter[year]'] = filters.year;
    if (filters.price_from != null) q['filter[price_from]'] = filters.price_from;
    if (filters.price_to != null) q['filter[price_to]'] = filters.price_to;
    if (filters.search?.trim()) q['filter[search]'] = filters.search.trim();
    return q;
  }, [type, siteId, page, sort, filters]);

  const list = useQuery({
    queryKey: carKeys.list(siteId, type, query),
    enabled: !!clientId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request<JsonApiList<CarRow>>('GET', stockPath(`cars/where_client/${clientId}`), { query, signal }),
  });
  const names = useMemo(() => includedIndex(list.data?.included ?? []), [list.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: carKeys.all });

  const markSold = useMutation({
    mutationFn: (ids: string[]) => api.request('POST', stockPath('cars/sold/by_ids'), { body: { data: { ids: ids.map(Number) } } }),
    onSuccess: async (_data, ids) => {
      notify.success(t('list.sold_done', { count: ids.length }));
      setSelected([]);
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const remove = useMutation({
    mutationFn: (car: Car) => api.delete(stockPath(`cars/${car.id}`)),
    onSuccess: async (_data, car) => {
      notify.success(t('common:notices.deleted'), car.attributes.vin ?? car.attributes.external_id ?? undefined);
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const setFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
    setSelected([]);
  };
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== null && value !== '');
  const confirmSold = () =>
    Modal.confirm({
      title: t('list.sold_confirm_title', { count: selected.length }),
      content: t('list.sold_confirm_text'),
      okText: t('list.mark_sold'),
      cancelText: t('common:actions.cancel'),
      onOk: () => markSold.mutateAsync(selected).catch(() => undefined),
    });
  const createButton = can('cars.create') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(`/cars.stock/create/${type}?site=${siteId}`)}>{t('list.create')}</Button>
  );
  const nameOf = (kind: 'brands' | 'models', id: number | null) => (id ? ((names.get(`${kind}:${id}`)?.attributes.name as string | undefined) ?? `#${id}`) : '—');
  const sortOrder = (field: string) => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

  const all: (ColumnsType<Car>[number] & { key: string })[] = [
    {
      key: 'vin',
      title: t('fields.vin'),
      width: 190,
      fixed: screens.md ? 'left' : undefined,
      sorter: true,
      sortOrder: sortOrder('vin'),
      render: (_, row) => <Typography.Text className="cars-vin" copyable={row.attributes.vin ? { text: row.attributes.vin } : false}>{row.attributes.vin ?? '—'}</Typography.Text>,
    },
    { key: 'external_id', title: t('fields.external_id'), width: 130, sorter: true, sortOrder: sortOrder('external_id'), ellipsis: { showTitle: true }, render: (_, row) => row.attributes.external_id ?? '—' },
    {
      key: 'car',
      title: t('list.car'),
      width: 220,
      render: (_, row) => {
        const name = `${nameOf('brands', row.attributes.brand_id)} ${row.attributes.model_id ? nameOf('models', row.attributes.model_id) : ''}`.trim();
        const labels = columns.hidden.includes('labels') ? [] : (row.attributes.labels ?? []);
        return (
          <div className="cars-car">
            <CutText>{name}</CutText>
            {labels.length > 0 && (
              <div className="cars-labels">
                {labels.map((label) => (
                  <Tag key={label.id} style={{ background: label.background, borderColor: label.background, color: '#fff', marginInlineEnd: 0 }}>{labelName(label, lang)}</Tag>
                ))}
              </div>
            )}
          </div>
        );
      },
    },
    { key: 'year', title: t('list.year'), width: 80, sorter: true, sortOrder: sortOrder('year'), align: 'right', render: (_, row) => row.attributes.year ?? '—' },
    { key: 'mileage', title: t('fields.mileage'), width: 120, sorter: true, sortOrder: sortOrder('mileage'), align: 'right', render: (_, row) => (row.attributes.mileage === null ? '—' : t('list.km', { value: new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ru-RU').format(row.attributes.mileage) })) },
    {
      key: 'price',
      title: t('fields.price'),
      width: 150,
      sorter: true,
      sortOrder: sortOrder('final_price'),
      align: 'right',
      render: (_, row) => {
        const discounted = row.attributes.final_price !== null && row.attributes.final_price !== row.attributes.price;
        return (
          <div className="cars-price">
            <Typography.Text strong>{money.cell(row.attributes.final_price ?? row.attributes.price)}</Typography.Text>
            {discounted && <Typography.Text type="secondary" delete>{money.cell(row.attributes.price)}</Typography.Text>}
          </div>
        );
      },
    },
    { key: 'status', title: t('fields.status'), width: 120, sorter: true, sortOrder: sortOrder('status'), render: (_, row) => <Tag color={STATUS_COLORS[row.attributes.status]}>{t(`statuses.${row.attributes.status}`)}</Tag> },
    {
      key: 'logistic_status',
      title: t('fields.logistic_status'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('logistic_status'),
      render: (_, row) => <Tag color={LOGISTIC_COLORS[row.attributes.logistic_status]}>{t(`logistic.${row.attributes.logistic_status}`)}</Tag>,
    },
    { key: 'created_at', title: t('fields.created_at'), width: 130, sorter: true, sortOrder: sortOrder('created_at'), render: (_, row) => new Date(row.attributes.created_at).toLocaleDateString(lang === 'en' ? 'en-GB' : 'ru-RU') },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 120,
      fixed: screens.md ? 'right' : undefined,
      render: (_, row) => (
        <Space size={0}>
          <CarSiteLink pages={row.attributes.pages ?? []} siteOrigin={siteOrigin} />
          {can('cars.patch') && (
            <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={t('common:actions.edit')} title={t('common:actions.edit')} onClick={() => navigate(`/cars.stock/create/${type}?site=${siteId}&car=${row.id}`)} />
          )}
          {can('cars.delete') && (
            <Popconfirm
              title={t('list.delete_confirm', { name: row.attributes.vin ?? row.attributes.external_id ?? `#${row.id}` })}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
            >
              <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('common:actions.delete')} title={t('common:actions.delete')} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const shown = all.filter((column) => !columns.hidden.includes(column.key as OptionalColumn));
  const width = shown.reduce((sum, column) => sum + Number(column.width ?? 120), 0) + 48;
  const title = t(type === 'new' ? 'list.title_new' : 'list.title_used');

  const columnPicker = (
    <Checkbox.Group
      className="cars-columns"
      value={OPTIONAL_COLUMNS.filter((column) => !columns.hidden.includes(column))}
      onChange={(values) => columns.change(OPTIONAL_COLUMNS.filter((column) => !values.includes(column)))}
      options={OPTIONAL_COLUMNS.map((column) => ({ value: column, label: column === 'labels' ? t('list.labels') : column === 'year' ? t('fields.year') : (all.find((c) => c.key === column)!.title as string) }))}
    />
  );

  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <RefreshButton query={list} />
            <Popover trigger="click" placement="bottomRight" title={t('list.columns')} content={columnPicker}>
              <Button icon={<SettingOutlined aria-hidden />}>{t('list.columns')}</Button>
            </Popover>
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap className="resource-filters">
          <SearchInput allowClear placeholder={t('list.search')} aria-label={t('list.search')} onSearch={(value) => setFilter({ search: value })} style={{ width: 260 }} />
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('fields.brand_id')} aria-label={t('fields.brand_id')} style={{ width: 170 }} value={filters.brand} options={brands.options} onChange={(value) => setFilter({ brand: value as number | undefined, model: undefined })} />
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('fields.model_id')} aria-label={t('fields.model_id')} style={{ width: 170 }} value={filters.model} disabled={!filters.brand} options={models.options} onChange={(value) => setFilter({ model: value as number | undefined })} />
          <Select allowClear placeholder={t('fields.status')} aria-label={t('fields.status')} style={{ width: 160 }} value={filters.status} options={CAR_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))} onChange={(value) => setFilter({ status: value })} />
          <Select allowClear placeholder={t('fields.logistic_status')} aria-label={t('fields.logistic_status')} style={{ width: 220 }} value={filters.logistic_status} options={CAR_LOGISTIC_STATUSES.map((value) => ({ value, label: t(`logistic.${value}`) }))} onChange={(value) => setFilter({ logistic_status: value })} />
          <InputNumber placeholder={t('fields.year')} aria-label={t('fields.year')} min={1900} max={2100} precision={0} style={{ width: 110 }} value={filters.year} onChange={(value) => setFilter({ year: value })} />
          <Space.Compact>
            <MoneyInput usdHelp={false} placeholder={t('list.price_from')} aria-label={t('list.price_from')} step={50_000} style={{ width: 140 }} value={filters.price_from} onChange={(value) => setFilter({ price_from: value })} />
            <MoneyInput usdHelp={false} placeholder={t('list.price_to')} aria-label={t('list.price_to')} step={50_000} style={{ width: 140 }} value={filters.price_to} onChange={(value) => setFilter({ price_to: value })} />
          </Space.Compact>
          {filtered && <Button onClick={() => { setFilters({}); setPage(1); }}>{t('common:actions.reset_filters')}</Button>}
        </Space>
        {selected.length > 0 && (
          <Alert
            className="cars-selection"
            type="info"
            showIcon
            title={t('list.selected', { count: selected.length })}
            action={
              <Space wrap>
                <Button onClick={() => setSelected([])}>{t('list.clear_selection')}</Button>
                {can('cars.patch') && <Button type="primary" icon={<CheckCircleOutlined aria-hidden />} loading={markSold.isPending} onClick={confirmSold}>{t('list.mark_sold')}</Button>}
                {/* cars.export: the selected cars as a commercial offer. */}
                {hasPermission(user?.permissions ?? {}, 'cars.export', 'offers.create') && <Button icon={<FilePdfOutlined aria-hidden />} onClick={() => setOffering(true)}>{t('cars.export:offer.action')}</Button>}
              </Space>
            }
          />
        )}
        {list.isError || site.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.error ?? site.error, lang)} extra={<Button type="primary" onClick={() => void (site.isError ? site.refetch() : list.refetch())}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<Car>
            // The list's own column choice (remembered per user) is above it.
            columnChoice={false}
            // On a phone: which car, and its price.
            keyColumns={['vin', 'car', 'price']}
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            loading={list.isFetching || site.isLoading}
            dataSource={list.data?.data ?? []}
            columns={shown}
            scroll={{ x: width }}
            rowSelection={can('cars.patch') ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (row) => ({ disabled: row.attributes.status === 'sold', 'aria-label': row.attributes.vin ?? row.id }) } : undefined}
            onChange={(pagination, _filters, sorter) => {
              const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Car> | undefined;
              const field = one?.columnKey === 'price' ? 'final_price' : String(one?.columnKey ?? '');
              const next = one?.order && one.columnKey ? `${one.order === 'descend' ? '-' : ''}${field}` : undefined;
              if (next !== sort) {
                setSort(next);
                setPage(1);
              } else setPage(pagination.current ?? 1);
            }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.meta.page.total ?? 0, showSizeChanger: false, showTotal: (total) => t('list.total', { count: total }), hideOnSinglePage: false }}
            locale={{
              emptyText: list.isLoading ? <span /> : filtered ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.nothing_found')} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(type === 'new' ? 'list.empty_new' : 'list.empty_used')}>{createButton}</Empty>,
            }}
          />
        )}
      </Card>
      <OfferDialog open={offering} onClose={() => setOffering(false)} carIds={selected} siteId={siteId} type={type} />
    </div>
  );
}

export function NewCarsPage() {
  return <CarsPage type="new" />;
}
export function UsedCarsPage() {
  return <CarsPage type="used" />;
}
export default NewCarsPage;
