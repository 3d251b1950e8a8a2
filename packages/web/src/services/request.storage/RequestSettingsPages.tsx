import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import { Button, Card, DatePicker, Drawer, Empty, Form, Grid, Input, Result, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { DownloadOutlined, InboxOutlined, MinusCircleOutlined, PlusOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  agreementHashResource,
  BLOCK_SOURCE_TYPES,
  BLOCK_TYPES,
  hasPermission,
  offensiveWordResource,
  REQUEST_TYPE_IDS,
  requestBlockResource,
  requestSettingsResource,
  type AnyResource,
  type JsonApiRecord,
  type Lang,
  type RequestBlockRule,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors, useSiteResourceList } from '../cars.stock.sites/stock-sites-api.ts';
import { downloadRequests } from './request-api.ts';
// sender: the site's e-mail templates and proxy actions by name.
import { ActionPicker } from '../sender/ActionPicker.tsx';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { AgreementDownloadButton } from './AgreementDownload.tsx';

type Row = JsonApiRecord<Record<string, unknown>>;
type Values = Record<string, unknown>;
const asResource = (resource: unknown) => resource as AnyResource;

interface SitePageProps {
  resource: AnyResource;
  /** The code that writes (create, change, delete). */
  writeCode: string;
  /** Fixed filters of the list (archived settings or the active ones). */
  fixed?: Record<string, string>;
  headerExtra?: React.ReactNode;
  rowActions?: (record: Row) => React.ReactNode;
  renderForm?: (props: { record: Row | null; save: (attributes: Values) => void; saving: boolean; form: ReturnType<typeof Form.useForm<Values>>[0] }) => React.ReactNode;
  editable?: boolean;
  /** Actions of a row for every reader (a download), before the writers' ones. */
  readActions?: (record: Row) => React.ReactNode;
  /** The screen's own rendering of columns' cells, by field. */
  cellRenderers?: Record<string, (value: unknown, record: Row) => React.ReactNode>;
}

/** A site's records of one resource of request.storage: table, drawer form, delete with confirmation, empty and error states. */
function SitePage({ resource, writeCode, fixed = {}, headerExtra, rowActions, renderForm, editable = true, readActions, cellRenderers }: SitePageProps) {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['request.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const base = useSiteResourceList<Record<string, unknown>>(resource, siteId);
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [form] = Form.useForm<Values>();
  const canWrite = hasPermission(user?.permissions ?? {}, 'request.storage', writeCode);
  const records = base.records.filter((record) => Object.entries(fixed).every(([field, value]) => String(record.attributes[field]) === value)) as Row[];
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
  const save = useMutation({
    mutationFn: (attributes: Values) =>
      editing?.record
        ? api.patch(gatewayPath(resource.service, `${resource.name}/${editing.record.id}`), { type: resource.name, id: editing.record.id, attributes })
        : api.post(gatewayPath(resource.service, resource.name), { type: resource.name, attributes: { site_id: Number(siteId), ...attributes } }),
    onSuccess: async () => {
      notify.success(t(editing?.record ? 'common:notices.saved' : 'common:notices.created'));
      setEditing(null);
      await refresh();
    },
    onError: (error) => showSaveErrors(error, lang, form.setFields as never),
  });
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(gatewayPath(resource.service, `${resource.name}/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const title = t(`${resource.name}.title`);
  const createButton = canWrite && renderForm && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => { form.resetFields(); setEditing({ record: null }); }}>
      {t(`${resource.name}.create`)}
    </Button>
  );
  const actions = (
    <Space>
      <Button type="primary" htmlType="submit" form={`${resource.name}-form`} loading={save.isPending}>{editing?.record ? t('common:actions.save') : t('common:actions.create')}</Button>
      <Button onClick={() => setEditing(null)}>{t('common:actions.cancel')}</Button>
    </Space>
  );
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            {headerExtra}
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void base.query.refetch()} loading={base.query.isFetching && !base.query.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {base.query.isError && !base.query.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(base.query.error, lang)} extra={<Button type="primary" onClick={() => void base.query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <ResourceListExtras.Provider
            value={{
              leadingColumns: [
                ...(readActions ? [{ key: 'read-action', width: 64, render: (_: unknown, record: Row) => readActions(record) }] : []),
                ...(rowActions && canWrite ? [{ key: 'row-action', width: 64, render: (_: unknown, record: Row) => rowActions(record) }] : []),
              ],
              cellRenderers,
            }}
          >
            <ResourceTable
              resource={resource}
              records={records}
              included={base.included}
              loading={base.query.isFetching}
              page={base.page}
              size={base.size}
              total={Object.keys(fixed).length ? records.length : base.total}
              sort={base.sort}
              onPage={(page, size) => base.change(size !== base.size ? { size } : { page })}
              onSort={(sort) => base.change({ sort })}
              onEdit={canWrite && editable && renderForm ? (record) => { form.setFieldsValue(record.attributes as Values); setEditing({ record }); } : undefined}
              onDelete={canWrite ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
              empty={base.query.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${resource.name}.empty`)}>{createButton}</Empty>}
            />
          </ResourceListExtras.Provider>
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('common:actions.edit') : t(`${resource.name}.create`)}
        size={screens.sm === false ? '100%' : 560}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && renderForm?.({ record: editing.record, save: (attributes) => save.mutate(attributes), saving: save.isPending, form })}
        {editing && (footer ? createPortal(actions, footer) : actions)}
      </FormDrawer>
    </div>
  );
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Request settings: type, tag, the actions to run; a switch shows the archive; archive and unarchive. */
export function RequestSettingsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['request.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const [archived, setArchived] = useState(false);
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'archive' | 'unarchive' }) => api.post(gatewayPath('request.storage', `requests_settings/${id}/${to}`)),
    onSuccess: async (_data, { to }) => {
      notify.success(t(to === 'archive' ? 'requests_settings.archived_notice' : 'requests_settings.unarchived_notice'));
      await client.invalidateQueries({ queryKey: queryKeys.resource(asResource(requestSettingsResource)).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  return (
    <SitePage
      resource={asResource(requestSettingsResource)}
      writeCode="requests_settings.patch"
      fixed={{ archived: String(archived) }}
      editable={!archived}
      headerExtra={
        <Space>
          <Switch checked={archived} onChange={setArchived} aria-label={t('requests_settings.show_archived')} />
          <Typography.Text>{t('requests_settings.show_archived')}</Typography.Text>
        </Space>
      }
      rowActions={(record) => {
        const named = { type: t(`request_types.${record.attributes.request_type}`), tag: record.attributes.tag ?? '—' };
        const count = Array.isArray(record.attributes.actions) ? record.attributes.actions.length : 0;
        return (
          <IconButton
            size="small"
            type="text"
            icon={archived ? <UndoOutlined aria-hidden /> : <InboxOutlined aria-hidden />}
            title={t(archived ? 'requests_settings.unarchive' : 'requests_settings.archive')}
            aria-label={t(archived ? 'requests_settings.unarchive_one' : 'requests_settings.archive_one', named)}
            loading={move.isPending && move.variables?.id === record.id}
            // Archiving stops the type's e-mails and proxy actions: the user is told before it happens.
            confirm={{
              title: t(archived ? 'requests_settings.unarchive_confirm' : 'requests_settings.archive_confirm'),
              description: t(archived ? 'requests_settings.unarchive_confirm_text' : 'requests_settings.archive_confirm_text', { ...named, count }),
              okText: t(archived ? 'requests_settings.unarchive' : 'requests_settings.archive'),
              danger: !archived,
            }}
            onConfirm={() => move.mutateAsync({ id: record.id, to: archived ? 'unarchive' : 'archive' })}
          />
        );
      }}
      renderForm={({ record, save, form }) => (
        <GuardedForm<Values>
          form={form}
          id="requests_settings-form"
          layout="vertical"
          initialValues={record ? record.attributes : { actions: [] }}
          onFinish={(values) => save({ request_type: values.request_type, tag: text(values.tag), actions: ((values.actions as Values[]) ?? []).map((action) => ({ kind: action.kind, id: action.id })) })}
        >
          <Form.Item name="request_type" label={t('requests_settings.fields.request_type')} rules={[{ required: true, message: t('required') }]}>
            <Select aria-label={t('requests_settings.fields.request_type')} options={REQUEST_TYPE_IDS.map((value) => ({ value, label: t(`request_types.${value}`) }))} />
          </Form.Item>
          <Form.Item name="tag" label={t('requests_settings.fields.tag')} extra={t('requests_settings.tag_hint')}>
            <Input aria-label={t('requests_settings.fields.tag')} maxLength={100} />
          </Form.Item>
          <Typography.Text strong>{t('requests_settings.fields.actions')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('requests_settings.actions_pick_hint')}</Typography.Paragraph>
          <Form.List name="actions">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={field.name} rules={[{ required: true, message: t('required') }]}>
                      <ActionPicker siteId={siteId} aria-label={t('requests_settings.action')} />
                    </Form.Item>
                    <IconButton type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={t('common:actions.delete')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add()}>{t('requests_settings.add_action')}</Button>
              </>
            )}
          </Form.List>
        </GuardedForm>
      )}
    />
  );
}

/** The block list: sender blocks by source type and source, until a date, with their counts. */
export function SiteBlocksPage() {
  const { t } = useTranslation('request.storage');
  return (
    <SitePage
      resource={asResource(requestBlockResource)}
      writeCode="request_blocks.create"
      editable={false}
      cellRenderers={{ auto_rule: (value) => <BlockReason rule={value as RequestBlockRule | null} /> }}
      renderForm={({ save, form }) => (
        <GuardedForm<Values>
          form={form}
          id="request_block-form"
          layout="vertical"
          initialValues={{ source_type: 'phone', block_type: 'reject' }}
          onFinish={(values) => save({ source_type: values.source_type, source: String(values.source ?? '').trim(), block_type: values.block_type, until: values.until ? (values.until as Dayjs).endOf('day').toISOString() : null })}
        >
          <Form.Item name="source_type" label={t('request_block.fields.source_type')} rules={[{ required: true, message: t('required') }]}>
            <Select aria-label={t('request_block.fields.source_type')} options={BLOCK_SOURCE_TYPES.map((value) => ({ value, label: t(`request_block.source_types.${value}`) }))} />
          </Form.Item>
          <Form.Item name="source" label={t('request_block.fields.source')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input aria-label={t('request_block.fields.source')} maxLength={254} />
          </Form.Item>
          <Form.Item name="block_type" label={t('request_block.fields.block_type')} extra={t('request_block.block_type_hint')}>
            <Select aria-label={t('request_block.fields.block_type')} options={BLOCK_TYPES.map((value) => ({ value, label: t(`request_block.block_types.${value}`) }))} />
          </Form.Item>
          <Form.Item name="until" label={t('request_block.fields.until')} extra={t('request_block.until_hint')}>
            <DatePicker aria-label={t('request_block.fields.until')} format="DD.MM.YYYY" disabledDate={(day) => day.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
        </GuardedForm>
      )}
    />
  );
}

/** The consent texts of the site, by hash (requests name the one they were sent under). */
export function AgreementHashPage() {
  const { t } = useTranslation('request.storage');
  return (
    <SitePage
      resource={asResource(agreementHashResource)}
      writeCode="requests_settings.create"
      readActions={(record) => <AgreementDownloadButton siteId={String(record.attributes.site_id)} hash={String(record.attributes.hash)} />}
      renderForm={({ record, save, form }) => (
        <GuardedForm<Values> form={form} id="agreement_hash-form" layout="vertical" initialValues={record ? record.attributes : {}} onFinish={(values) => save({ text: String(values.text ?? '').trim() })}>
          <Form.Item name="text" label={t('agreement_hash.fields.text')} rules={[{ required: true, whitespace: true, message: t('required') }]} extra={t('agreement_hash.text_hint')}>
            <Input.TextArea aria-label={t('agreement_hash.fields.text')} rows={6} maxLength={5000} showCount />
          </Form.Item>
        </GuardedForm>
      )}
    />
  );
}

/** Why a block is there: a person made it, or the block settings' rule (more than N requests within M minutes). */
function BlockReason({ rule }: { rule: RequestBlockRule | null }) {
  const { t } = useTranslation('request.storage');
  return rule ? <Typography.Text>{t('request_block.reasons.auto', { count: rule.max_requests, minutes: rule.period_minutes })}</Typography.Text> : <Typography.Text type="secondary">{t('request_block.reasons.manual')}</Typography.Text>;
}

/** Offensive words: one list of the platform (no site). */
export function OffensiveWordsPage() {
  return <ResourceListPage resource={asResource(offensiveWordResource)} />;
}

/** Export of all the site's requests, of every type, for a date range. */
export function AllRequestsExportPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['request.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const site = useSite(siteId);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().startOf('month'), dayjs()]);
  const [busy, setBusy] = useState(false);
  const title = t('all_export.title');
  const run = async () => {
    setBusy(true);
    try {
      await downloadRequests(`requests/where_site/${siteId}/format_xlsx`, { 'date[from]': range[0]?.format('YYYY-MM-DD'), 'date[to]': range[1]?.format('YYYY-MM-DD') }, `requests-${siteId}.xlsx`);
      notify.success(t('all_export.done'));
    } catch (error) {
      notify.error(errorTitle(error, lang));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph>{t('all_export.text')}</Typography.Paragraph>
        <Space wrap>
          <DatePicker.RangePicker allowEmpty={[true, true]} format="DD.MM.YYYY" value={range} aria-label={t('date_range')} placeholder={[t('date_from'), t('date_to')]} onChange={(next) => setRange([next?.[0] ?? null, next?.[1] ?? null])} />
          <Button type="primary" icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void run()}>{t('export_xlsx')}</Button>
        </Space>
      </Card>
    </div>
  );
}

