import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Form, Grid, Input, Select, Space, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  hasPermission,
  IMPORT_COUNTERS,
  managerSettingsResource,
  NOTIFIER_FREQUENCIES,
  NOTIFIER_FREQUENCY_DEFAULT,
  NOTIFIER_REPORT_STATUSES,
  notifierReportResource,
  type JsonApiRecord,
  type Lang,
  type NotifierFrequency,
  type NotifierKind,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { EmailsInput } from '../../kit/EmailsInput.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { useSite } from '../sites.context/site-api.ts';
import {
  fieldErrors,
  MAX_RECEIVERS,
  normalReceivers,
  receiversProblem,
  useManagerSettingNames,
  useReportSettings,
  useSiteList,
  type ManagerSetting,
  type NotifierReport,
} from './notifier-api.ts';
import './notifier.css';
import { RefreshButton, LoadFailed } from '../../kit/QueryStates.tsx';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { useLang } from '../../kit/useLang.ts';

/**
 * Importer notifier screens (spec 001 §2 "/importer.notifier", §3, §9; docs/decisions/export.md):
 * a site's report mail settings with "send now", the mails sent, managers' mails per dealership
 * and the mails they got. Site menu, module importer-notifier / manager-notifier.
 */
const NS = ['importer.notifier', 'common'];
const useCanWrite = () => hasPermission(useSession().user?.permissions ?? {}, 'importer.notifier', 'notifier_settings.patch');

function useFrequencyOptions() {
  const { t } = useTranslation('importer.notifier');
  return NOTIFIER_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }));
}

/** The receivers input: the kit's address tags with the notifier's check. */
function ReceiversInput(props: { id?: string; value?: string[]; onChange?: (value: string[]) => void; disabled?: boolean; 'aria-label'?: string }) {
  const { t } = useTranslation('importer.notifier');
  return <EmailsInput {...props} placeholder={t('receivers_placeholder')} isWrong={(address) => !!receiversProblem([address], 'en', false, '')} tagClassName="notifier-receiver" />;
}

const receiversRule = (lang: Lang, required: boolean, tooMany: string) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = receiversProblem(value, lang, required, tooMany);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});


type SettingsValues = { receivers: string[]; subject: string; frequency: NotifierFrequency; is_active: boolean };

/** /importer.notifier/settings/{siteId}: who gets the site's import report, its subject and frequency; a send now. */
export function ReportSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const site = useSite(siteId);
  const canWrite = useCanWrite();
  const { query, save, sendNow } = useReportSettings(siteId);
  const [form] = Form.useForm<SettingsValues>();
  const frequencies = useFrequencyOptions();
  const settings = query.data?.attributes;
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!settings) return;
    form.setFieldsValue({ receivers: settings.receivers, subject: settings.subject, frequency: settings.frequency, is_active: settings.is_active });
    setDirty(false);
  }, [settings, form]);
  const submit = (values: SettingsValues) =>
    save.mutate(
      { receivers: normalReceivers(values.receivers), subject: values.subject ?? '', frequency: values.frequency, is_active: values.is_active },
      {
        onSuccess: () => notify.success(t('common:notices.saved')),
        onError: (error) => {
          const { fields, other } = fieldErrors(error);
          form.setFields(fields.map((field) => ({ name: field.name as keyof SettingsValues, errors: field.errors })));
          if (other || !fields.length) notify.error(other ?? errorTitle(error, lang));
        },
      },
    );
  const send = () =>
    sendNow.mutate(undefined, {
      onSuccess: ({ sent }) => (sent ? notify.success(t('settings.sent')) : notify.info(t('settings.nothing_to_send'))),
      onError: (error) => notify.error(errorTitle(error, lang)),
    });
  const title = t('settings.title');
  const noReceivers = !settings?.receivers.length;
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={<RefreshButton query={query} />}
      />
      <Card variant="borderless" className="page-card" loading={query.isLoading}>
        {query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="notifier-settings">
            <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
            {!canWrite && <Alert type="info" showIcon className="notifier-alert" message={t('settings.read_only')} />}
            <GuardedForm form={form} layout="vertical" disabled={!canWrite} onFinish={submit} onValuesChange={() => setDirty(true)} initialValues={{ receivers: [], subject: '', frequency: NOTIFIER_FREQUENCY_DEFAULT, is_active: true }}>
              <Form.Item name="receivers" label={t('fields.receivers')} extra={t('receivers_hint', { max: MAX_RECEIVERS })} rules={[receiversRule(lang, false, t('too_many', { max: MAX_RECEIVERS }))]}>
                <ReceiversInput aria-label={t('fields.receivers')} />
              </Form.Item>
              <Form.Item name="subject" label={t('fields.subject')} extra={t('settings.subject_hint')} rules={[{ max: 200, message: t('settings.subject_long') }]}>
                <Input placeholder={t('settings.subject_default')} maxLength={200} />
              </Form.Item>
              <Form.Item name="frequency" label={t('fields.frequency')}>
                <Select options={frequencies} aria-label={t('fields.frequency')} className="notifier-frequency" />
              </Form.Item>
              <Form.Item name="is_active" label={t('fields.is_active')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Descriptions size="small" column={1} className="notifier-last">
                <Descriptions.Item label={t('fields.last_sent_at')}>{settings?.last_sent_at ? formatDateTime(settings.last_sent_at) : t('never')}</Descriptions.Item>
              </Descriptions>
              {canWrite && (
                <Space wrap>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t('common:actions.save')}
                  </Button>
                  <Tooltip title={noReceivers ? t('settings.send_needs_receivers') : dirty ? t('settings.send_needs_save') : t('settings.send_hint')}>
                    <Button icon={<SendOutlined aria-hidden />} onClick={send} loading={sendNow.isPending} disabled={noReceivers || dirty}>
                      {t('settings.send_now')}
                    </Button>
                  </Tooltip>
                </Space>
              )}
            </GuardedForm>
          </div>
        )}
      </Card>
    </div>
  );
}

type ReportRow = JsonApiRecord<NotifierReport>;
const STATUS_COLORS: Record<string, string> = { sent: 'green', failed: 'red' };
/** The counters a row shows; every counter is in the row's details. */
const SHOWN_COUNTERS = ['created_count', 'updated_count', 'errored_count', 'gone_count'] as const;

/** The mails sent for a site: of the importer's settings, or of the managers' (with the manager's name and a filter by it). */
function ReportsPage({ kind }: { kind: NotifierKind }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const site = useSite(siteId);
  const fixed = useMemo(() => ({ kind }), [kind]);
  const list = useSiteList<NotifierReport>(notifierReportResource, siteId, fixed);
  const managers = useManagerSettingNames(kind === 'manager' ? siteId : '');
  const managerName = (id: number | null) => managers.data?.find((option) => option.value === String(id))?.label ?? (id ? `#${id}` : '—');
  const order = (field: string) => (list.sort === field ? 'ascend' : list.sort === `-${field}` ? 'descend' : null);
  const title = t(kind === 'manager' ? 'reports.manager_title' : 'reports.title');
  const columns: TableColumnsType<ReportRow> = [
    { key: 'created_at', title: t('reports.fields.created_at'), width: 150, sorter: true, sortOrder: order('created_at'), render: (_v, row) => <span className="nowrap">{formatDateTime(row.attributes.created_at)}</span> },
    {
      key: 'status',
      title: t('reports.fields.status'),
      width: 120,
      sorter: true,
      sortOrder: order('status'),
      render: (_v, row) => {
        const tag = <Tag color={STATUS_COLORS[row.attributes.status]}>{t(`statuses.${row.attributes.status}`)}</Tag>;
        return row.attributes.error ? <Tooltip title={row.attributes.error}>{tag}</Tooltip> : tag;
      },
    },
    {
      key: 'period',
      title: t('reports.fields.period'),
      width: 170,
      render: (_v, row) => (
        <span className="notifier-period">
          <span className="nowrap">{formatDateTime(row.attributes.period_from)} —</span> <span className="nowrap">{formatDateTime(row.attributes.period_to)}</span>
        </span>
      ),
    },
    ...(kind === 'manager' ? [{ key: 'manager', title: t('reports.fields.manager_setting_id'), width: 150, render: (_v: unknown, row: ReportRow) => managerName(row.attributes.manager_setting_id) }] : []),
    { key: 'imports_count', title: t('reports.fields.imports_count'), width: 90, align: 'right', sorter: true, sortOrder: order('imports_count'), render: (_v, row) => formatNumber(row.attributes.imports_count, lang) },
    {
      key: 'counters',
      title: t('reports.fields.counters'),
      width: 200,
      render: (_v, row) => (
        <Space size={[4, 4]} wrap>
          {SHOWN_COUNTERS.map((name) => (
            <Tag key={name} className="notifier-counter">
              {t(`counters.${name}`)}: {formatNumber(row.attributes.counters[name] ?? 0, lang)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'errors_count', title: t('reports.fields.errors_count'), width: 110, align: 'right', sorter: true, sortOrder: order('errors_count'), render: (_v, row) => formatNumber(row.attributes.errors_count, lang) },
    {
      key: 'receivers',
      title: t('reports.fields.receivers'),
      // The rest of the width: the addresses are the longest texts.
      render: (_v, row) => (
        <Space size={[4, 4]} wrap>
          {row.attributes.receivers.map((address) => <Tag key={address} className="notifier-receiver">{address}</Tag>)}
        </Space>
      ),
    },
  ];
  const hasFilters = Object.keys(list.filters).length > 0;
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={<RefreshButton query={list.query} />}
      />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <Select
            allowClear
            className="notifier-filter"
            placeholder={t('reports.filters.status')}
            aria-label={t('reports.filters.status')}
            value={list.filters.status}
            options={NOTIFIER_REPORT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            onChange={(value?: string) => list.change({ filters: { status: value ?? null } })}
          />
          {kind === 'manager' && (
            <Select
              allowClear
              className="notifier-filter"
              placeholder={t('reports.filters.manager_setting_id')}
              aria-label={t('reports.filters.manager_setting_id')}
              value={list.filters.manager_setting_id}
              loading={managers.isFetching}
              options={managers.data ?? []}
              onChange={(value?: string) => list.change({ filters: { manager_setting_id: value ?? null } })}
            />
          )}
        </Space>
        {list.query.isError && !list.query.data ? (
          <LoadFailed error={list.query.error} onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<ReportRow>
            rowKey="id"
            size="middle"
            loading={list.query.isFetching}
            dataSource={list.records}
            columns={columns}
            scroll={{ x: 1000 }}
            locale={{
              emptyText: list.query.isLoading ? <span /> : hasFilters ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
                  <Button onClick={() => list.change({ filters: { status: null, manager_setting_id: null } })}>{t('common:actions.reset_filters')}</Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(kind === 'manager' ? 'reports.manager_empty' : 'reports.empty')} />
              ),
            }}
            expandable={{
              expandedRowRender: (row) => (
                <Space direction="vertical" className="notifier-details">
                  <Typography.Text strong>{row.attributes.subject}</Typography.Text>
                  {row.attributes.error && <Alert type="error" showIcon message={t('reports.error', { error: row.attributes.error })} />}
                  <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
                    {IMPORT_COUNTERS.map((name) => (
                      <Descriptions.Item key={name} label={t(`counters.${name}`)}>
                        {formatNumber(row.attributes.counters[name] ?? 0, lang)}
                      </Descriptions.Item>
                    ))}
                  </Descriptions>
                </Space>
              ),
            }}
            onChange={(pagination, _filters, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const sort = one?.order && one.columnKey ? `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}` : null;
              if (sort !== (list.sort ?? null)) list.change({ sort });
              else list.change(pagination.pageSize !== list.size ? { size: pagination.pageSize } : { page: pagination.current });
            }}
            pagination={{ current: list.page, pageSize: list.size, total: list.total, showSizeChanger: true, showTotal: (total) => t('reports.total', { count: total }) }}
          />
        )}
      </Card>
    </div>
  );
}

export const ImporterReportsPage = () => <ReportsPage kind="importer" />;
export const ManagerReportsPage = () => <ReportsPage kind="manager" />;

type ManagerRow = JsonApiRecord<ManagerSetting>;
type ManagerValues = { name: string; dealer_id?: number | null; receivers: string[]; frequency: number; is_active: boolean };

/** The form of a manager's mail: a name, the dealership of the site's client, receivers, frequency. */
function ManagerForm({ siteId, clientId, record, footer, onDone }: { siteId: string; clientId: number | undefined; record: ManagerRow | null; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const client = useQueryClient();
  const [form] = Form.useForm<ManagerValues>();
  const frequencies = useFrequencyOptions();
  const dealers = useRefOptions(managerSettingsResource.refs!.dealer_id, clientId ? { client_id: String(clientId) } : undefined);
  const save = useMutation({
    mutationFn: (values: ManagerValues) => {
      const attributes = { name: values.name.trim(), dealer_id: values.dealer_id ? Number(values.dealer_id) : null, receivers: normalReceivers(values.receivers), frequency: values.frequency, is_active: values.is_active };
      const path = gatewayPath('importer.notifier', 'manager_settings');
      return record ? api.patch(`${path}/${record.id}`, { type: 'manager_settings', id: record.id, attributes }) : api.post(path, { type: 'manager_settings', attributes: { site_id: Number(siteId), ...attributes } });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.resource(managerSettingsResource).all });
      notify.success(t(record ? 'common:notices.saved' : 'common:notices.created'));
      onDone();
    },
    onError: (error) => {
      const { fields, other } = fieldErrors(error);
      form.setFields(fields.map((field) => ({ name: field.name as keyof ManagerValues, errors: field.errors })));
      if (other || !fields.length) notify.error(other ?? errorTitle(error, lang));
    },
  });
  const a = record?.attributes;
  const actions = (
    <Space>
      <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
      <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
        {t('common:actions.save')}
      </Button>
    </Space>
  );
  return (
    <GuardedForm
      form={form}
      layout="vertical"
      onFinish={(values) => save.mutate(values)}
      initialValues={{ name: a?.name ?? '', dealer_id: a?.dealer_id ?? undefined, receivers: a?.receivers ?? [], frequency: a?.frequency ?? NOTIFIER_FREQUENCY_DEFAULT, is_active: a?.is_active ?? true }}
    >
      <Form.Item name="name" label={t('manager_settings.fields.name')} rules={[{ required: true, whitespace: true, message: t('manager_settings.name_required') }, { max: 255 }]}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="dealer_id" label={t('manager_settings.fields.dealer_id')} extra={t('manager_settings.dealer_hint')}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={dealers.isFetching} options={dealers.options} placeholder={t('manager_settings.every_dealer')} aria-label={t('manager_settings.fields.dealer_id')} />
      </Form.Item>
      <Form.Item name="receivers" label={t('manager_settings.fields.receivers')} extra={t('receivers_hint', { max: MAX_RECEIVERS })} rules={[receiversRule(lang, true, t('too_many', { max: MAX_RECEIVERS }))]} required>
        <ReceiversInput aria-label={t('manager_settings.fields.receivers')} />
      </Form.Item>
      <Form.Item name="frequency" label={t('manager_settings.fields.frequency')}>
        <Select options={frequencies} aria-label={t('manager_settings.fields.frequency')} />
      </Form.Item>
      <Form.Item name="is_active" label={t('manager_settings.is_active_label')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {footer ? createPortal(actions, footer) : actions}
    </GuardedForm>
  );
}

/** /importer.notifier/manager_settings/{siteId}: managers' mails of the site, with a drawer form; delete confirmed. */
export function ManagerSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const site = useSite(siteId);
  const canWrite = useCanWrite();
  const list = useSiteList<ManagerSetting>(managerSettingsResource, siteId);
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<{ record: ManagerRow | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState(list.filters.search ?? '');
  const remove = useMutation({
    mutationFn: (record: ManagerRow) => api.delete(gatewayPath('importer.notifier', `manager_settings/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await client.invalidateQueries({ queryKey: queryKeys.resource(managerSettingsResource).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const createButton = canWrite && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t('manager_settings.create')}
    </Button>
  );
  const title = t('manager_settings.title');
  const extras = useMemo(
    () => ({
      cellRenderers: {
        receivers: (value: unknown) => (
          <Space size={[4, 4]} wrap>
            {(value as string[]).map((address) => <Tag key={address} className="notifier-receiver">{address}</Tag>)}
          </Space>
        ),
        last_sent_at: (value: unknown) => (value ? <span className="nowrap">{formatDateTime(String(value))}</span> : <Typography.Text type="secondary">{t('never')}</Typography.Text>),
      },
    }),
    [t],
  );
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <RefreshButton query={list.query} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('manager_settings.intro')}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            className="notifier-filter"
            placeholder={t('manager_settings.filters.search')}
            aria-label={t('manager_settings.filters.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.change({ filters: { search: value.trim() || null } })}
          />
        </Space>
        {list.query.isError && !list.query.data ? (
          <LoadFailed error={list.query.error} onRetry={() => void list.query.refetch()} />
        ) : (
          <ResourceListExtras.Provider value={extras}>
            <ResourceTable
              resource={managerSettingsResource}
              records={list.records as JsonApiRecord<Record<string, unknown>>[]}
              included={list.included}
              loading={list.query.isFetching}
              page={list.page}
              size={list.size}
              total={list.total}
              sort={list.sort}
              onPage={(page, size) => list.change(size !== list.size ? { size } : { page })}
              onSort={(sort) => list.change({ sort })}
              onEdit={canWrite ? (record) => setEditing({ record: record as unknown as ManagerRow }) : undefined}
              onDelete={canWrite ? (record) => remove.mutateAsync(record as unknown as ManagerRow).catch(() => undefined) : undefined}
              empty={
                list.query.isLoading ? (
                  <span />
                ) : list.filters.search ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
                    <Button onClick={() => { setSearch(''); list.change({ filters: { search: null } }); }}>{t('common:actions.reset_filters')}</Button>
                  </Empty>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manager_settings.empty')}>
                    {createButton}
                  </Empty>
                )
              }
            />
          </ResourceListExtras.Provider>
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('manager_settings.edit_title', { name: editing.record.attributes.name }) : t('manager_settings.create_title')}
        size={screens.sm === false ? '100%' : 560}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && <ManagerForm siteId={siteId} clientId={site.data?.site.attributes.client_id as number | undefined} record={editing.record} footer={footer} onDone={() => setEditing(null)} />}
      </FormDrawer>
    </div>
  );
}
