import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Grid, Row, Select, Space, Statistic, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  showroomWebHookResource,
  WEBHOOK_DELIVERY_STATES,
  type AnyResource,
  type JsonApiRecord,
  type Lang,
  type ShowroomCars,
  type ShowroomSummary,
  type ShowroomWebhookDelivery,
  type ShowroomWebhookState,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { useLang, useCan } from '../../kit/useLang.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { showroomPath, useShowroomSettings } from './showroom-api.ts';
import './showroom.css';

/**
 * The showroom's views read by the site's settings (spec 002 §2 /messenger_showroom/summary,
 * cars, webHooks {siteId}): the summary of a date range, which stock the bots show, the webhooks
 * and their delivery log.
 */
const NS = ['messenger_showroom', 'common'];

function Header({ name, extra }: { name: string; extra?: React.ReactNode }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const site = useSite(siteId);
  const title = t(`${name}.title`);
  return <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} extra={extra} />;
}

const STATUS_COLORS: Record<string, string> = { sent: 'green', failed: 'red', retrying: 'orange', pending: 'blue' };

/** /summary/{siteId}: customers, requests by type and day, messages handled, each bot's health, for a date range. */
export function SummaryPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const settings = useShowroomSettings(siteId);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const settingsId = settings.data?.id;
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const summary = useQuery({
    queryKey: ['messenger_showroom', 'summary', settingsId, from, to],
    enabled: !!settingsId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.get<{ attributes: ShowroomSummary }>(showroomPath(`summary/${settingsId}`), { 'date[from]': from, 'date[to]': to }, signal),
  });
  const data = summary.data?.attributes;
  const busyDays = (data?.days ?? []).filter((day) => day.callback + day.testdrive + day.service > 0).reverse();
  const number = (value: number) => formatNumber(value, lang);
  return (
    <div className="page showroom-page">
      <Header name="summary" extra={<RefreshButton query={summary} />} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('summary.intro')}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <DatePicker.RangePicker
            format="DD.MM.YYYY"
            allowClear={false}
            value={range}
            aria-label={t('summary.range')}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
          />
        </Space>
        {settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : summary.isError && !data ? (
          <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} />
        ) : !data ? (
          <ContentLoader />
        ) : (
          <>
            <Row gutter={[16, 16]} className="showroom-stats">
              {(
                [
                  ['registered', data.customers.registered],
                  ['registering', data.customers.registering],
                  ['new_customers', data.new_customers],
                  ['messages', data.messages],
                  ['callback', data.requests.callback],
                  ['testdrive', data.requests.testdrive],
                  ['service', data.requests.service],
                ] as const
              ).map(([key, value]) => (
                <Col key={key} xs={12} sm={8} lg={6} xl={3}>
                  <Card size="small" className="showroom-stat">
                    <Statistic title={t(`summary.stats.${key}`)} value={value} formatter={(v) => number(Number(v))} />
                  </Card>
                </Col>
              ))}
            </Row>
            <Typography.Title level={5} className="showroom-section">{t('summary.bots')}</Typography.Title>
            <DataTable<ShowroomSummary['bots'][number]>
              tableId="messenger_showroom.summary.bots"
              rowKey="id"
              size="middle"
              keyColumns={['name', 'health']}
              dataSource={data.bots}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.no_bots')} /> }}
              columns={[
                { key: 'name', title: t('summary.fields.name'), width: 200, render: (_: unknown, bot) => <span>{bot.name}{bot.meta_name ? <Typography.Text type="secondary"> @{bot.meta_name}</Typography.Text> : null}</span> },
                {
                  key: 'health',
                  title: t('summary.fields.health'),
                  width: 170,
                  render: (_: unknown, bot) =>
                    bot.deleted ? <Tag>{t('summary.health.off')}</Tag> : bot.last_error ? <Tag color="red">{t('summary.health.error')}</Tag> : bot.last_update_at ? <Tag color="green">{t('summary.health.ok')}</Tag> : <Tag color="blue">{t('summary.health.waiting')}</Tag>,
                },
                { key: 'delivery', title: t('summary.fields.delivery'), width: 190, render: (_: unknown, bot) => t(`summary.delivery.${bot.delivery}`) },
                { key: 'last_update_at', title: t('summary.fields.last_update_at'), width: 170, render: (_: unknown, bot) => (bot.last_update_at ? formatDateTime(bot.last_update_at) : '—') },
                { key: 'messages', title: t('summary.fields.messages'), width: 130, render: (_: unknown, bot) => number(bot.messages) },
                {
                  key: 'last_error',
                  title: t('summary.fields.last_error'),
                  width: 320,
                  render: (_: unknown, bot) => (bot.last_error ? <Typography.Text type="danger">{`${formatDateTime(bot.last_error_at)}: ${bot.last_error}`}</Typography.Text> : '—'),
                },
              ]}
            />
            <Typography.Title level={5} className="showroom-section">{t('summary.days')}</Typography.Title>
            <DataTable<ShowroomSummary['days'][number]>
              tableId="messenger_showroom.summary.days"
              rowKey="day"
              size="middle"
              keyColumns={['day', 'callback']}
              dataSource={busyDays}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.no_requests')} /> }}
              columns={[
                { key: 'day', title: t('summary.fields.day'), width: 140, render: (_: unknown, day) => dayjs(day.day).format('DD.MM.YYYY') },
                { key: 'callback', title: t('summary.stats.callback'), width: 170, render: (_: unknown, day) => number(day.callback) },
                { key: 'testdrive', title: t('summary.stats.testdrive'), width: 170, render: (_: unknown, day) => number(day.testdrive) },
                { key: 'service', title: t('summary.stats.service'), width: 190, render: (_: unknown, day) => number(day.service) },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}

type CarsValues = { cars_new: boolean; cars_used: boolean; cars_brand_ids: number[]; cars_price_min: number | null; cars_price_max: number | null };

/** /cars/{siteId}: which stock the bots show: new and/or used cars, some brands, a price range. */
export function CarsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const can = useCan('messenger_showroom');
  const client = useQueryClient();
  const settings = useShowroomSettings(siteId);
  const settingsId = settings.data?.id;
  const [form] = Form.useForm<CarsValues>();
  const key = ['messenger_showroom', 'cars', settingsId];
  const cars = useQuery({ queryKey: key, enabled: !!settingsId, queryFn: ({ signal }) => api.get<ShowroomCars>(showroomPath(`cars/${settingsId}`), undefined, signal) });
  const view = cars.data?.attributes;
  useEffect(() => {
    if (view) form.setFieldsValue({ cars_new: view.cars_new, cars_used: view.cars_used, cars_brand_ids: view.cars_brand_ids, cars_price_min: view.cars_price_min, cars_price_max: view.cars_price_max });
  }, [view, form]);
  const save = useMutation({
    mutationFn: (values: CarsValues) => api.patch<ShowroomCars>(showroomPath(`cars/${settingsId}`), { attributes: { ...values, cars_price_min: values.cars_price_min ?? null, cars_price_max: values.cars_price_max ?? null } }),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const readOnly = !can('cars.patch');
  return (
    <div className="page showroom-page">
      <Header name="cars" extra={<RefreshButton query={cars} />} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('cars.intro')}</Typography.Paragraph>
        {settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : cars.isError ? (
          <LoadFailed error={cars.error} onRetry={() => void cars.refetch()} />
        ) : !view ? (
          <ContentLoader />
        ) : (
          <>
            <Alert className="showroom-section" type="info" showIcon message={t('cars.shown', { new: formatNumber(view.shown_new, lang), used: formatNumber(view.shown_used, lang) })} />
            <GuardedForm<CarsValues> form={form} layout="vertical" disabled={readOnly} className="showroom-cars-form" onFinish={(values) => save.mutateAsync(values)}>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item name="cars_new" label={t('cars.fields.cars_new')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="cars_used" label={t('cars.fields.cars_used')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="cars_brand_ids" label={t('cars.fields.cars_brand_ids')} extra={t('cars.brands_hint')}>
                    <Select mode="multiple" allowClear optionFilterProp="label" placeholder={t('cars.all_brands')} options={view.brands.map((brand) => ({ value: brand.id, label: brand.name }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="cars_price_min" label={t('cars.fields.cars_price_min')}>
                    <MoneyInput max={2_000_000_000} className="showroom-price" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="cars_price_max"
                    label={t('cars.fields.cars_price_max')}
                    dependencies={['cars_price_min']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_rule, value: number | null) => {
                          const min = getFieldValue('cars_price_min') as number | null;
                          return value == null || min == null || value >= min ? Promise.resolve() : Promise.reject(new Error(t('cars.price_order')));
                        },
                      }),
                    ]}
                  >
                    <MoneyInput max={2_000_000_000} className="showroom-price" />
                  </Form.Item>
                </Col>
              </Row>
              {!readOnly && (
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('common:actions.save')}
                </Button>
              )}
            </GuardedForm>
          </>
        )}
      </Card>
    </div>
  );
}

type HookRow = ShowroomWebhookState;

/** /webHooks/{siteId}: the site's webhooks (address, events, secret, on/off) and their delivery log. */
export function WebhooksPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const can = useCan('messenger_showroom');
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const settings = useShowroomSettings(siteId);
  const settingsId = settings.data?.id;
  const [editing, setEditing] = useState<{ record: JsonApiRecord<Record<string, unknown>> | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const [hookFilter, setHookFilter] = useState<number | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const hooks = useQuery({
    queryKey: ['messenger_showroom', 'webhooks', settingsId],
    enabled: !!settingsId,
    queryFn: ({ signal }) => api.list<HookRow['attributes']>(showroomPath(`webhooks/${settingsId}`), undefined, signal),
  });
  const log = useQuery({
    queryKey: ['messenger_showroom', 'webhook_deliveries', settingsId, page, limit, hookFilter, status],
    enabled: !!settingsId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<ShowroomWebhookDelivery['attributes']>(showroomPath(`webhooks/${settingsId}/deliveries`), { page, limit, web_hook_id: hookFilter, status }, signal),
  });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['messenger_showroom', 'webhooks'] });
    await client.invalidateQueries({ queryKey: ['messenger_showroom', 'webhook_deliveries'] });
  };
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(showroomPath(`web_hooks/${id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const rows = (hooks.data?.data ?? []) as HookRow[];
  const canCreate = can('web_hooks.create');
  const canChange = can('web_hooks.patch');
  const canDelete = can('web_hooks.delete');
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t('web_hooks.create')}
    </Button>
  );
  const eventTags = (events: string[]) => (
    <Space size={[4, 4]} wrap>
      {events.map((event) => (
        <Tag key={event}>{t(`webhook_events.${event}`)}</Tag>
      ))}
    </Space>
  );
  const hookColumns = useMemo(
    () => [
      { key: 'url', title: t('web_hooks.fields.url'), width: 300, render: (_: unknown, row: HookRow) => <Typography.Text className="showroom-url">{row.attributes.url}</Typography.Text> },
      { key: 'events', title: t('web_hooks.fields.events'), width: 300, render: (_: unknown, row: HookRow) => eventTags(row.attributes.events) },
      { key: 'enabled', title: t('web_hooks.fields.enabled'), width: 120, render: (_: unknown, row: HookRow) => (row.attributes.enabled ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>) },
      { key: 'has_secret', title: t('web_hooks.fields.has_secret'), width: 130, render: (_: unknown, row: HookRow) => (row.attributes.has_secret ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>) },
      {
        key: 'last_status',
        title: t('web_hooks.fields.last_status'),
        width: 200,
        render: (_: unknown, row: HookRow) =>
          row.attributes.last_status ? (
            <span>
              <Tag color={STATUS_COLORS[row.attributes.last_status]}>{t(`delivery_states.${row.attributes.last_status}`)}</Tag>
              {row.attributes.last_at ? <Typography.Text type="secondary">{formatDateTime(row.attributes.last_at)}</Typography.Text> : null}
            </span>
          ) : (
            '—'
          ),
      },
      { key: 'failed', title: t('web_hooks.fields.failed'), width: 130, render: (_: unknown, row: HookRow) => (row.attributes.failed ? <Tag color="red">{formatNumber(row.attributes.failed, lang)}</Tag> : '0') },
      ...(canChange || canDelete
        ? [
            {
              key: '__actions',
              title: t('common:actions.title'),
              width: 96,
              align: 'right' as const,
              fixed: 'right' as const,
              render: (_: unknown, row: HookRow) => (
                <Space size={0}>
                  {canChange && <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={`${t('common:actions.edit')}: ${row.attributes.url}`} title={t('common:actions.edit')} onClick={() => setEditing({ record: row as never })} />}
                  {canDelete && (
                    <IconButton
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`${t('common:actions.delete')}: ${row.attributes.url}`}
                      title={t('common:actions.delete')}
                      confirm={{ title: t('common:delete_confirm.title'), description: t('common:delete_confirm.text', { name: row.attributes.url }), okText: t('common:actions.delete') }}
                      onConfirm={() => remove.mutateAsync(row.id)}
                    />
                  )}
                </Space>
              ),
            },
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, canChange, canDelete],
  );
  const logColumns = useMemo(
    () => [
      { key: 'created_at', title: t('deliveries.fields.created_at'), width: 160, render: (_: unknown, row: ShowroomWebhookDelivery) => formatDateTime(row.attributes.created_at) },
      { key: 'status', title: t('deliveries.fields.status'), width: 150, render: (_: unknown, row: ShowroomWebhookDelivery) => <Tag color={STATUS_COLORS[row.attributes.status]}>{t(`delivery_states.${row.attributes.status}`)}</Tag> },
      { key: 'event', title: t('deliveries.fields.event'), width: 190, render: (_: unknown, row: ShowroomWebhookDelivery) => t(`webhook_events.${row.attributes.event}`) },
      { key: 'url', title: t('deliveries.fields.url'), width: 260, render: (_: unknown, row: ShowroomWebhookDelivery) => row.attributes.url },
      { key: 'http_code', title: t('deliveries.fields.http_code'), width: 110, render: (_: unknown, row: ShowroomWebhookDelivery) => row.attributes.http_code ?? '—' },
      { key: 'duration_ms', title: t('deliveries.fields.duration_ms'), width: 130, render: (_: unknown, row: ShowroomWebhookDelivery) => (row.attributes.duration_ms == null ? '—' : t('deliveries.ms', { value: formatNumber(row.attributes.duration_ms, lang) })) },
      { key: 'attempt', title: t('deliveries.fields.attempt'), width: 110, render: (_: unknown, row: ShowroomWebhookDelivery) => row.attributes.attempt },
      { key: 'error', title: t('deliveries.fields.error'), width: 280, render: (_: unknown, row: ShowroomWebhookDelivery) => (row.attributes.error ? <Typography.Text type="danger">{row.attributes.error}</Typography.Text> : '—') },
    ],
    [t, lang],
  );
  return (
    <div className="page showroom-page">
      <Header
        name="web_hooks"
        extra={
          <Space wrap>
            <RefreshButton query={{ refetch: () => Promise.all([hooks.refetch(), log.refetch()]), isFetching: hooks.isFetching || log.isFetching, isLoading: hooks.isLoading }} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('web_hooks.intro')}</Typography.Paragraph>
        {settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : hooks.isError && !hooks.data ? (
          <LoadFailed error={hooks.error} onRetry={() => void hooks.refetch()} />
        ) : (
          <DataTable<HookRow>
            tableId="messenger_showroom.web_hooks"
            rowKey="id"
            size="middle"
            keyColumns={['url', 'last_status']}
            loading={settings.isPending || hooks.isFetching}
            dataSource={rows}
            columns={hookColumns}
            pagination={false}
            locale={{ emptyText: hooks.isPending ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('web_hooks.empty')}>{createButton}</Empty> }}
          />
        )}
      </Card>
      <Card variant="borderless" className="page-card" title={t('deliveries.title')}>
        <Space wrap size={[12, 12]} className="resource-filters">
          <Select
            allowClear
            className="showroom-filter"
            placeholder={t('deliveries.all_hooks')}
            aria-label={t('deliveries.fields.url')}
            value={hookFilter}
            options={rows.map((row) => ({ value: Number(row.id), label: row.attributes.url }))}
            onChange={(value) => {
              setHookFilter(value);
              setPage(1);
            }}
          />
          <Select
            allowClear
            className="showroom-filter--narrow"
            placeholder={t('deliveries.fields.status')}
            aria-label={t('deliveries.fields.status')}
            value={status}
            options={WEBHOOK_DELIVERY_STATES.map((value) => ({ value, label: t(`delivery_states.${value}`) }))}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </Space>
        {log.isError && !log.data ? (
          <LoadFailed error={log.error} onRetry={() => void log.refetch()} />
        ) : (
          <DataTable<ShowroomWebhookDelivery>
            tableId="messenger_showroom.webhook_deliveries"
            rowKey="id"
            size="middle"
            keyColumns={['created_at', 'status']}
            loading={settings.isPending || log.isFetching}
            dataSource={(log.data?.data ?? []) as ShowroomWebhookDelivery[]}
            columns={logColumns}
            locale={{ emptyText: log.isPending ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deliveries.empty')} /> }}
            pagination={{
              current: page,
              pageSize: limit,
              total: log.data?.meta?.page?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100],
              onChange: (next, size) => {
                setPage(size !== limit ? 1 : next);
                setLimit(size);
              },
            }}
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('web_hooks.edit_title') : t('web_hooks.create_title')}
        size={screens.md === false ? '100%' : 640}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && (
          <ResourceForm
            resource={showroomWebHookResource as unknown as AnyResource}
            record={editing.record}
            fixed={{ site_id: Number(siteId) }}
            actionsContainer={footer}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDrawer>
    </div>
  );
}
