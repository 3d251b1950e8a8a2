import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useUrlQuery } from '../../kit/useUrlQuery.ts';
import { Button, Card, Checkbox, DatePicker, Descriptions, Drawer, Empty, Grid, Popconfirm, Popover, Result, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { CAPTCHA_CHECKS, formatPhone, hasPermission, REQUEST_LIST_COLUMNS, REQUEST_STATUSES, REQUEST_TYPES, translateMessage, type CaptchaCheck, type RequestStatus, type RequestStatuses, type JsonApiRecord, type Lang, type RequestEntity, type RequestTypeId } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { saveFile } from '../../kit/save-file.ts';
import { useSite } from '../sites.context/site-api.ts';
import { useLang } from '../../kit/useLang.ts';
import { downloadRequests, listQuery, requestsPath, useModelNames, useRequestActions, useRequestList, useRequestStatuses } from './request-api.ts';
import { CaptchaMark, ReleaseButton, SelectionActions, UnverifiedNotice } from './UnverifiedCaptcha.tsx';
import { AgreementLink } from './AgreementDownload.tsx';
// sender: the actions by their names.
import { actionTitle, useAvailableActions } from '../sender/sender-api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

type Row = JsonApiRecord<RequestEntity>;
const PAGE_SIZES = [20, 50, 100];

/** A delivery state's colour: what needs a look (failed, held) stands out. */
const DELIVERY_COLORS: Record<RequestStatus, string> = { failed: 'error', held: 'warning', sending: 'processing', sent: 'success', no_actions: 'default' };

/** How many of the type's requests stand in each delivery state over the list's dates. */
function DeliveryCounts({ statuses, failed }: { statuses: RequestStatuses | undefined; failed: boolean }) {
  const { t } = useTranslation('request.storage');
  if (failed) return <Typography.Text type="secondary" className="delivery-counts">{t('delivery.load_failed')}</Typography.Text>;
  if (!statuses) return null;
  return (
    <Space wrap size={[6, 6]} className="delivery-counts" style={{ marginBottom: 12 }} aria-label={t('delivery.title')}>
      <Tooltip title={t('delivery.hint')}>
        <Typography.Text type="secondary">{t('delivery.title')}:</Typography.Text>
      </Tooltip>
      {REQUEST_STATUSES.filter((status) => statuses.counts[status] > 0).map((status) => (
        <Tag key={status} color={DELIVERY_COLORS[status]}>
          {t(`delivery.${status}`)}: {statuses.counts[status]}
        </Tag>
      ))}
    </Space>
  );
}

/** A column's value of a request: own columns, `fields.x` of the type, `analytics.utm.source`. */
export function valueAt(attributes: RequestEntity, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), attributes);
}
const show = (value: unknown, lang: Lang): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? (lang === 'en' ? 'yes' : 'да') : lang === 'en' ? 'no' : 'нет';
  if (Array.isArray(value)) return value.map((item) => show(item, lang)).join(', ');
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).map(([key, item]) => `${key}: ${show(item, lang)}`).join('; ');
  return String(value);
};

/** Nested values as [path, value] leaves (the analytics block: utm.source, page.page_url ...). */
function leaves(value: Record<string, unknown>, prefix: string): [string, unknown][] {
  return Object.entries(value).flatMap(([key, item]) =>
    item && typeof item === 'object' && !Array.isArray(item) ? leaves(item as Record<string, unknown>, `${prefix}.${key}`) : [[`${prefix}.${key}`, item] as [string, unknown]],
  );
}

/** Where an analytics value stands in the detail: UTM, the page, then the rest. */
const ANALYTICS_ORDER = ['analytics.utm.source', 'analytics.utm.medium', 'analytics.utm.campaign', 'analytics.utm.term', 'analytics.utm.content', 'analytics.page.page_url', 'analytics.page.page_title', 'analytics.page.page_id'];
const analyticsOrder = (field: string) => (ANALYTICS_ORDER.includes(field) ? ANALYTICS_ORDER.indexOf(field) : ANALYTICS_ORDER.length);

interface SentFile {
  file_id: number;
  name: string;
}
/** A form's file field as the server keeps it: [{file_id, name, size, mime}]. */
const isFileList = (value: unknown): value is SentFile[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => item && typeof item === 'object' && typeof (item as SentFile).file_id === 'number' && typeof (item as SentFile).name === 'string');

/** A visitor's files, each a link that downloads it with the reader's token (a plain href would carry none). */
function FileLinks({ files, lang }: { files: SentFile[]; lang: Lang }) {
  const { t } = useTranslation('request.storage');
  const save = async (file: SentFile) => {
    try {
      const { blob } = await api.download(requestsPath(`custom_form_files/${file.file_id}`));
      // The visitor's own file name, whatever the answer's header says.
      saveFile(blob, file.name);
    } catch (error) {
      notify.error(t('detail.file_failed'), errorTitle(error, lang));
    }
  };
  return (
    <Space orientation="vertical" size={2}>
      {files.map((file) => (
        <Button key={file.file_id} type="link" size="small" style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }} icon={<PaperClipOutlined aria-hidden />} onClick={() => void save(file)} aria-label={t('detail.download_file', { name: file.name })}>
          {file.name}
        </Button>
      ))}
    </Space>
  );
}

/** The columns chosen for a type, remembered in the browser. */
function useColumnChoice(type: RequestTypeId) {
  const key = `dp.requests.columns.${type}`;
  const all = REQUEST_LIST_COLUMNS[type];
  const [chosen, setChosen] = useState<string[]>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as string[] | null;
      return Array.isArray(stored) ? all.filter((column) => stored.includes(column)) : all;
    } catch {
      return all;
    }
  });
  const choose = (next: string[]) => {
    const ordered = all.filter((column) => next.includes(column));
    setChosen(ordered);
    try {
      localStorage.setItem(key, JSON.stringify(ordered));
    } catch {
      /* private mode: the choice lasts the visit */
    }
  };
  return { all, chosen, choose };
}

/**
 * A request's handled mark: when it was given, and the button that gives it (other services act
 * on it: the reviewer's invitation to rate the work).
 */
function useMarkHandled(record: Row | null) {
  const { t } = useTranslation('request.storage');
  const { user } = useSession();
  const lang = useLang();
  const client = useQueryClient();
  const [at, setAt] = useState<string | null>(null);
  const mark = useMutation({
    mutationFn: () => api.post<{ attributes: { handled_at: string | null } }>(requestsPath(`requests/${record!.id}/handled`), undefined),
    onSuccess: async (answer) => {
      setAt((answer as { attributes?: { handled_at?: string | null } })?.attributes?.handled_at ?? new Date().toISOString());
      notify.success(t('detail.handled_done'));
      await client.invalidateQueries({ queryKey: ['request.storage'] });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  return {
    at: at ?? record?.attributes.handled_at ?? null,
    can: hasPermission(user?.permissions ?? {}, 'request.storage', 'requests.patch'),
    pending: mark.isPending,
    mark: () => mark.mutate(),
  };
}

/** One request with every field and its actions to run. */
function RequestDetail({ record, lang, phoneFormat, onClose }: { record: Row | null; lang: Lang; phoneFormat: string | null; onClose: () => void }) {
  const { t } = useTranslation('request.storage');
  const screens = Grid.useBreakpoint();
  const actions = useRequestActions(record?.id ?? null);
  const available = useAvailableActions(record?.attributes.site_id ?? null);
  const modelId = record?.attributes.fields.model_id;
  const handled = useMarkHandled(record);
  const models = useModelNames(typeof modelId === 'number' ? [modelId] : [], lang).data;
  if (!record) return null;
  const a = record.attributes;
  const items = [
    ['created_at', formatDateTime(a.created_at)],
    ['type', t(`request_types.${a.type}`)],
    ['captcha_check', a.captcha_check ? <CaptchaMark check={a.captcha_check} /> : t('captcha.checked')],
    ...(['name', 'last_name', 'phone', 'email', 'gender', 'text', 'text_input', 'tag', 'page_id', 'dealer_id'] as const).map((field) => [
      field,
      field === 'gender' && a.gender ? t(`genders.${a.gender}`) : field === 'phone' && a.phone ? formatPhone(a.phone, phoneFormat) : show(a[field], lang),
    ]),
    // A custom form's fields one by one (files as links), under the form's field ids.
    ...Object.entries(a.fields).flatMap(([field, value]): [string, ReactNode][] =>
      field === 'content' && value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>).map(([id, item]) => [`content:${id}`, isFileList(item) ? <FileLinks files={item} lang={lang} /> : show(item, lang)])
        : [[`fields.${field}`, field === 'model_id' && typeof value === 'number' ? (models?.get(value) ?? `#${value}`) : show(value, lang)]],
    ),
    // The request's source (spec 002 §3 analytics): UTM first, then the page, then the counters' ids.
    ...leaves(a.analytics, 'analytics')
      .sort(([x], [y]) => analyticsOrder(x) - analyticsOrder(y))
      .map(([field, value]) => [field, field === 'analytics.page.page_url' && typeof value === 'string' && /^https?:\/\//i.test(value) ? <Typography.Link href={value} target="_blank" rel="noopener noreferrer nofollow">{value}</Typography.Link> : show(value, lang)]),
    ['agreement_hash', a.agreement_hash ? <AgreementLink siteId={a.site_id} hash={a.agreement_hash} /> : '—'],
    ['depersonalized_at', a.depersonalized_at ? formatDateTime(a.depersonalized_at) : '—'],
    ['handled_at', handled.at ? formatDateTime(handled.at) : handled.can ? (
      <Button size="small" loading={handled.pending} onClick={handled.mark}>
        {t('detail.mark_handled')}
      </Button>
    ) : '—'],
  ];
  return (
    <Drawer open title={t('detail.title', { id: record.id })} size={screens.sm === false ? '100%' : 640} onClose={onClose} destroyOnHidden>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={items.map(([field, value]) => ({
          key: field as string,
          label: (field as string).startsWith('content:') ? `${t('columns.fields.content')}: ${(field as string).slice(8)}` : t(`columns.${field as string}`, { defaultValue: field as string }),
          children: <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</Typography.Text>,
        }))}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('detail.actions')}</Typography.Title>
      {actions.data?.length ? (
        <DataTable
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={actions.data}
          columns={[
            { title: t('detail.action_kind'), render: (_: unknown, row) => `${t(`action_kinds.${row.attributes.kind}`)}: ${actionTitle(available.data, row.attributes.kind, row.attributes.action_id) ?? `#${row.attributes.action_id}`}` },
            {
              title: t('detail.action_status'),
              // The sending queue's words (sent, sending, ended with error); the error in a tooltip.
              render: (_: unknown, row) => {
                const colors = { success: 'green', failed: 'red', held: 'orange', pending: 'blue' } as const;
                const tag = <Tag color={colors[row.attributes.status]}>{t(`queue_statuses.${row.attributes.status}`)}</Tag>;
                return row.attributes.last_error ? <Tooltip title={translateMessage(row.attributes.last_error, lang)}>{tag}</Tooltip> : tag;
              },
            },
            { title: t('detail.action_attempts'), render: (_: unknown, row) => row.attributes.attempts },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('detail.no_actions')}</Typography.Text>
      )}
    </Drawer>
  );
}

/**
 * A site's requests of one type (spec 002 §2 request storage): date range, search, captcha mark,
 * column choice, server paging, the detail, delete with confirmation, the list's XLSX; requests
 * whose captcha is not verified are marked, announced, released or deleted (UnverifiedCaptcha.tsx).
 */
export function RequestListPage({ type }: { type: RequestTypeId }) {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['request.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const [searchParams, setSearchParams] = useUrlQuery();
  const params = {
    page: Math.max(1, Number(searchParams.get('page') ?? 1) || 1),
    size: PAGE_SIZES.includes(Number(searchParams.get('size'))) ? Number(searchParams.get('size')) : 20,
    search: searchParams.get('search') ?? '',
    from: /^\d{4}-\d{2}-\d{2}$/.test(searchParams.get('from') ?? '') ? searchParams.get('from') : null,
    to: /^\d{4}-\d{2}-\d{2}$/.test(searchParams.get('to') ?? '') ? searchParams.get('to') : null,
    captcha: (CAPTCHA_CHECKS as readonly string[]).includes(searchParams.get('captcha') ?? '') ? (searchParams.get('captcha') as CaptchaCheck) : null,
    utmSource: searchParams.get('utm_source') ?? '',
    utmCampaign: searchParams.get('utm_campaign') ?? '',
    pageUrl: searchParams.get('page_url') ?? '',
  };
  const phoneFormat = (site.data?.site.attributes.phone_format as string | null | undefined) ?? null;
  const set = (next: Record<string, string | number | null>) =>
    setSearchParams((previous) => {
      const result = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(next)) if (value === null || value === '' || (name === 'page' && value === 1)) result.delete(name); else result.set(name, String(value));
      return result;
    }, { replace: true });
  const [searchText, setSearchText] = useState(params.search);
  const [sourceText, setSourceText] = useState({ utm_source: params.utmSource, utm_campaign: params.utmCampaign, page_url: params.pageUrl });
  const list = useRequestList(type, siteId, params);
  const columns = useColumnChoice(type);
  const [open, setOpen] = useState<Row | null>(null);
  const [exporting, setExporting] = useState(false);
  const client = useQueryClient();
  const canDelete = hasPermission(user?.permissions ?? {}, 'request.storage', 'requests.delete');
  // Releasing runs a request's held actions: the grant of a lost request's resend.
  const canRelease = hasPermission(user?.permissions ?? {}, 'request.storage', 'lost_requests.patch');
  const [selected, setSelected] = useState<Row[]>([]);
  const listName = REQUEST_TYPES[type].list;
  const title = t(`lists.${listName}`);
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(requestsPath(`${listName}/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await client.invalidateQueries({ queryKey: ['request.storage'] });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const exportList = async () => {
    setExporting(true);
    try {
      await downloadRequests(`${listName}/where_site/${siteId}/format_xlsx`, listQuery(params), `${listName}.xlsx`);
    } catch (error) {
      notify.error(errorTitle(error, lang));
    } finally {
      setExporting(false);
    }
  };
  const records = (list.data?.data ?? []) as Row[];
  const modelIds = records.flatMap((record) => (typeof record.attributes.fields.model_id === 'number' ? [record.attributes.fields.model_id] : []));
  const models = useModelNames(columns.chosen.includes('fields.model_id') ? modelIds : [], lang).data;
  /** A model by its catalogue name; by its id while the name is unknown. */
  const modelName = (id: unknown) => (typeof id === 'number' ? (models?.get(id) ?? `#${id}`) : show(id, lang));
  const statuses = useRequestStatuses(type, siteId, params, records.map((record) => record.id));
  const deliveryOf = useMemo(() => new Map(statuses.data?.requests.map((one) => [one.id, one.status])), [statuses.data]);
  const marked = Boolean(params.captcha) || records.some((record) => record.attributes.captcha_check);
  const tableColumns = useMemo(() => {
    const own = columns.chosen.map((column) => ({
      key: column,
      title: t(`columns.${column}`),
      width: column === 'created_at' ? 150 : column === 'text' ? 260 : 170,
      ellipsis: true,
      render: (_: unknown, record: Row) =>
        column === 'created_at'
          ? formatDateTime(record.attributes.created_at)
          : column === 'phone' && record.attributes.phone
            ? formatPhone(record.attributes.phone, phoneFormat)
            : column === 'fields.model_id'
              ? modelName(record.attributes.fields.model_id)
              : show(valueAt(record.attributes, column), lang),
    }));
    return [
      // The captcha mark first, while the page holds a marked request or the list is filtered by it.
      ...(marked
        ? [{ key: 'captcha_check', title: t('captcha.column'), width: 190, render: (_: unknown, record: Row) => <CaptchaMark check={record.attributes.captcha_check} /> }]
        : []),
      // The delivery state after the list's first column (the date by default), so that it stays in view.
      ...own.slice(0, 1),
      {
        key: 'delivery',
        title: t('delivery.column'),
        width: 140,
        render: (_: unknown, record: Row) => {
          const status = deliveryOf.get(record.id);
          return status ? <Tag color={DELIVERY_COLORS[status]}>{t(`delivery.${status}`)}</Tag> : null;
        },
      },
      ...own.slice(1),

      {
        key: 'actions',
        title: t('common:actions.title', { defaultValue: '' }),
        width: 130,
        fixed: 'right' as const,
        render: (_: unknown, record: Row) => (
          <Space size={4}>
            <IconButton size="small" type="text" icon={<EyeOutlined aria-hidden />} aria-label={t('detail.open', { id: record.id })} onClick={() => setOpen(record)} />
            {canRelease && record.attributes.captcha_check === 'unverified' && <ReleaseButton siteId={siteId} record={record} lang={lang} />}
            {canDelete && (
              <Popconfirm title={t('detail.delete_confirm')} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(record).catch(() => undefined)}>
                <IconButton size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('detail.delete', { id: record.id })} />
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ];
  }, [columns.chosen, t, lang, canDelete, canRelease, remove, marked, siteId, phoneFormat, models, deliveryOf]);
  const range: [Dayjs | null, Dayjs | null] = [params.from ? dayjs(params.from) : null, params.to ? dayjs(params.to) : null];
  const filtered = Boolean(params.search || params.from || params.to || params.captcha || params.utmSource || params.utmCampaign || params.pageUrl);
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />
            <Popover
              trigger="click"
              title={t('columns_choice')}
              content={<Checkbox.Group style={{ display: 'grid', gap: 6 }} value={columns.chosen} onChange={(next) => columns.choose(next as string[])} options={columns.all.map((column) => ({ value: column, label: t(`columns.${column}`) }))} />}
            >
              <Button icon={<SettingOutlined aria-hidden />}>{t('columns_choice')}</Button>
            </Popover>
            <Button type="primary" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportList()}>{t('export_xlsx')}</Button>
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters" style={{ marginBottom: 16 }}>
          <SearchInput
            allowClear
            value={searchText}
            placeholder={t('search_placeholder')}
            aria-label={t('search_placeholder')}
            onChange={(event) => setSearchText(event.target.value)}
            onSearch={(next) => set({ search: next.trim() || null, page: 1 })}
            style={{ width: 280 }}
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format="DD.MM.YYYY"
            value={range}
            aria-label={t('date_range')}
            placeholder={[t('date_from'), t('date_to')]}
            onChange={(next) => set({ from: next?.[0]?.format('YYYY-MM-DD') ?? null, to: next?.[1]?.format('YYYY-MM-DD') ?? null, page: 1 })}
          />
          <Select
            value={params.captcha ?? ''}
            aria-label={t('captcha.filter')}
            style={{ width: 230 }}
            onChange={(next: string) => set({ captcha: next || null, page: 1 })}
            options={[{ value: '', label: t('captcha.any') }, ...CAPTCHA_CHECKS.map((check) => ({ value: check, label: t(`captcha.${check}`) }))]}
          />
          {(['utm_source', 'utm_campaign', 'page_url'] as const).map((name) => (
            <SearchInput
              key={name}
              allowClear
              value={sourceText[name]}
              placeholder={t(`source_filters.${name}`)}
              aria-label={t(`source_filters.${name}`)}
              onChange={(event) => setSourceText((previous) => ({ ...previous, [name]: event.target.value }))}
              onSearch={(next: string) => set({ [name]: next.trim() || null, page: 1 })}
              style={{ width: name === 'page_url' ? 240 : 180 }}
            />
          ))}
        </Space>
        <UnverifiedNotice siteId={siteId} type={type} filtering={params.captcha === 'unverified'} onShow={() => set({ captcha: 'unverified', page: 1 })} />
        <SelectionActions siteId={siteId} selected={selected} lang={lang} canRelease={canRelease} canDelete={canDelete} onDone={() => setSelected([])} />
        <DeliveryCounts statuses={statuses.data} failed={statuses.isError && !statuses.data} />
        {list.isError && !list.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.error, lang)} extra={<Button type="primary" onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<Row>
            // The type's own column choice is above the list; on a phone the name and the phone stay in view (the date in the detail).
            columnChoice={false}
            keyColumns={['name', 'phone']}
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={records}
            columns={tableColumns}
            onRow={(record) => ({ onDoubleClick: () => setOpen(record) })}
            rowSelection={canRelease || canDelete ? { selectedRowKeys: selected.map((row) => row.id), onChange: (_keys, rows) => setSelected(rows), preserveSelectedRowKeys: false } : undefined}
            locale={{
              emptyText: list.isLoading ? <span /> : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={params.search ? t('empty_search', { search: params.search }) : filtered ? t('empty_filtered') : t('empty')}>
                  {filtered && (
                    <Button
                      onClick={() => {
                        setSearchText('');
                        setSourceText({ utm_source: '', utm_campaign: '', page_url: '' });
                        set({ search: null, from: null, to: null, captcha: null, utm_source: null, utm_campaign: null, page_url: null, page: 1 });
                      }}
                    >
                      {t('common:actions.reset_filters')}
                    </Button>
                  )}
                </Empty>
              ),
            }}
            pagination={{
              current: params.page,
              pageSize: params.size,
              total: list.data?.meta?.page?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total) => t('total', { count: total }),
              onChange: (page, size) => set(size !== params.size ? { size, page: 1 } : { page }),
            }}
          />
        )}
      </Card>
      <RequestDetail record={open} lang={lang} phoneFormat={phoneFormat} onClose={() => setOpen(null)} />
    </div>
  );
}

export const SubscriptionRequestsPage = () => <RequestListPage type={6} />;
export const CallbackRequestsPage = () => <RequestListPage type={1} />;
export const TestDriveRequestsPage = () => <RequestListPage type={3} />;
export const ServiceRequestsPage = () => <RequestListPage type={2} />;
export const BuyModelRequestsPage = () => <RequestListPage type={4} />;
export const AvnRequestsPage = () => <RequestListPage type={5} />;
export const AccessoryRequestsPage = () => <RequestListPage type={10} />;
export const TradeinRequestsPage = () => <RequestListPage type={11} />;
export const CustomFormRequestsPage = () => <RequestListPage type={9} />;
