import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Col, Drawer, Empty, Form, Grid, Input, InputNumber, Modal, Radio, Row, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined, MinusCircleOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_TYPES,
  EMAIL_PLACEHOLDERS,
  emailActionResource,
  hasPermission,
  proxyActionResource,
  type AnyResource,
  type ContentType,
  type EmailPreview,
  type JsonApiRecord,
  t as message,
  type Lang,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { useSiteList } from '../../kit/useSiteList.ts';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors } from '../cars.stock.sites/stock-sites-api.ts';
import { EmailsInput, emailsRule } from './EmailsInput.tsx';
import { normalEmails, senderPath, usePreview, useSmtpSettings, type EmailAction, type ProxyAction } from './sender-api.ts';
import './sender.css';
import { RefreshButton, LoadFailed } from '../../kit/QueryStates.tsx';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { ConfirmButton, IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { useLang } from '../../kit/useLang.ts';

/**
 * Sender screens (spec 002 §2 "/sender", §3; docs/decisions/sender.md): a site's e-mail
 * templates with a preview on a sample request, its proxy actions, its SMTP settings with a test
 * mail. Site menu, group "Sender", module requests.
 */
const NS = ['sender', 'common'];
const can = (code: string) => hasPermission(useSession().user?.permissions ?? {}, 'sender', code);
type Row = JsonApiRecord<Record<string, unknown>>;
type Values = Record<string, unknown>;
const asResource = (resource: unknown) => resource as AnyResource;


interface ListPageProps {
  resource: AnyResource;
  /** The resource's entity in the sender namespace (email_actions, proxy_actions). */
  name: 'email_actions' | 'proxy_actions';
  drawerWidth: number;
  renderForm: (props: { record: Row | null; siteId: string; footer: HTMLElement | null; onDone: () => void }) => ReactNode;
  cellRenderers?: Record<string, (value: unknown, record: Row) => ReactNode>;
}

/** A site's records of a sender resource: search, server paging, a drawer form, delete with confirmation, empty and error states. */
function SenderListPage({ resource, name, drawerWidth, renderForm, cellRenderers }: ListPageProps) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const site = useSite(siteId);
  const list = useSiteList<Record<string, unknown>>(resource, siteId);
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const canCreate = can(resource.permissions.create[0]!);
  const canChange = can(resource.permissions.update[0]!);
  const canDelete = can(resource.permissions.delete[0]!);
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState(list.filters.search ?? '');
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(senderPath(`${resource.name}/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
      await client.invalidateQueries({ queryKey: ['sender', 'available_actions'] });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const title = t(`${name}.title`);
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t(`${name}.create`)}
    </Button>
  );
  const extras = useMemo(() => ({ cellRenderers }), [cellRenderers]);
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
        <Typography.Paragraph type="secondary">{t(`${name}.intro`, { example: '{{name}}' })}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            className="sender-filter"
            placeholder={t(`${name}.filters.search`)}
            aria-label={t(`${name}.filters.search`)}
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
              resource={resource}
              records={list.records as Row[]}
              included={list.included}
              loading={list.query.isFetching}
              page={list.page}
              size={list.size}
              total={list.total}
              sort={list.sort}
              onPage={(page, size) => list.change(size !== list.size ? { size } : { page })}
              onSort={(sort) => list.change({ sort })}
              onEdit={canChange ? (record) => setEditing({ record }) : undefined}
              onDelete={canDelete ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
              empty={
                list.query.isLoading ? (
                  <span />
                ) : list.filters.search ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty_search', { search: list.filters.search })}>
                    <Button onClick={() => { setSearch(''); list.change({ filters: { search: null } }); }}>{t('common:actions.reset_filters')}</Button>
                  </Empty>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${name}.empty`)}>
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
        title={editing?.record ? t(`${name}.edit_title`, { title: String(editing.record.attributes.title ?? '') }) : t(`${name}.create_title`)}
        size={screens.md === false ? '100%' : drawerWidth}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && renderForm({ record: editing.record, siteId, footer, onDone: () => setEditing(null) })}
      </FormDrawer>
    </div>
  );
}

/** Saves a sender record (create or change), shows field errors under their fields. */
function useSave(resource: AnyResource, siteId: string, record: Row | null, form: ReturnType<typeof Form.useForm>[0], onDone: () => void) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attributes: Values) =>
      record
        ? api.patch(senderPath(`${resource.name}/${record.id}`), { type: resource.name, id: record.id, attributes })
        : api.post(senderPath(resource.name), { type: resource.name, attributes: { site_id: Number(siteId), ...attributes } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
      await client.invalidateQueries({ queryKey: ['sender', 'available_actions'] });
      notify.success(t(record ? 'common:notices.saved' : 'common:notices.created'));
      onDone();
    },
    onError: (error) => showSaveErrors(error, lang, form.setFields as never),
  });
}

function FormActions({ footer, onCancel, saving, onSave }: { footer: HTMLElement | null; onCancel: () => void; saving: boolean; onSave: () => void }) {
  const { t } = useTranslation('common');
  const actions = (
    <Space>
      <Button onClick={onCancel}>{t('actions.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={onSave}>
        {t('actions.save')}
      </Button>
    </Space>
  );
  return footer ? createPortal(actions, footer) : actions;
}

/** The preview of a template: its subject and body rendered on a sample request (HTML in a sandboxed frame, no scripts). */
export function PreviewPanel({ preview }: { preview: EmailPreview }) {
  const { t } = useTranslation('sender');
  const ref = useRef<HTMLDivElement>(null);
  // A new preview comes into view (it is below the form).
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [preview]);
  return (
    <Card ref={ref} size="small" className="sender-preview" title={t('email_actions.preview_title')} data-testid="email-preview">
      <Typography.Paragraph className="sender-preview__subject">
        <Typography.Text type="secondary">{t('email_actions.fields.subject')}: </Typography.Text>
        <Typography.Text strong>{preview.subject || '—'}</Typography.Text>
      </Typography.Paragraph>
      {preview.unknown_placeholders?.length ? (
        <Alert
          type="warning"
          showIcon
          className="sender-preview__unknown"
          title={t('email_actions.unknown_placeholders', { list: preview.unknown_placeholders.map((name) => `{{${name}}}`).join(', ') })}
        />
      ) : null}
      {preview.content_type === 'html' ? (
        <iframe className="sender-preview__frame" title={t('email_actions.preview_title')} sandbox="" srcDoc={preview.body} />
      ) : (
        <pre className="sender-preview__text">{preview.body}</pre>
      )}
    </Card>
  );
}

type EmailValues = Omit<EmailAction, 'site_id'>;
const EMPTY_EMAIL: EmailValues = { title: '', from: '', to: [], dealer_recipients: [], cc: [], bcc: [], subject: '', content_type: 'text', body: '', is_required: false, is_smtp: false };

/** The editor of an e-mail template: recipients (with a dealership's own), subject, body with placeholders, a preview. */
export function EmailActionForm({ record, siteId, footer, onDone }: { record: Row | null; siteId: string; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [form] = Form.useForm<EmailValues>();
  const save = useSave(asResource(emailActionResource), siteId, record, form as never, onDone);
  const preview = usePreview();
  const smtp = useSmtpSettings(siteId);
  const isSmtp = Form.useWatch('is_smtp', form);
  const initial = (record?.attributes as EmailValues | undefined) ?? EMPTY_EMAIL;
  const submit = (values: EmailValues) =>
    save.mutate({
      title: values.title.trim(),
      from: values.from.trim().toLowerCase(),
      to: normalEmails(values.to),
      cc: normalEmails(values.cc),
      bcc: normalEmails(values.bcc),
      dealer_recipients: (values.dealer_recipients ?? []).map((entry) => ({ dealer_code: String(entry.dealer_code ?? '').trim(), emails: normalEmails(entry.emails) })),
      subject: values.subject.trim(),
      content_type: values.content_type,
      body: values.body,
      is_required: Boolean(values.is_required),
      is_smtp: Boolean(values.is_smtp),
    });
  const showPreview = () => {
    const values = form.getFieldsValue();
    preview.mutate(
      { site_id: Number(siteId), subject: values.subject ?? '', body: values.body ?? '', content_type: (values.content_type ?? 'text') as ContentType },
      { onError: (error) => notify.error(errorTitle(error, lang)) },
    );
  };
  const insert = (name: string) => {
    const body = String(form.getFieldValue('body') ?? '');
    form.setFieldValue('body', `${body}{{${name}}}`);
  };
  const required = { required: true, whitespace: true, message: t('required') };
  return (
    <GuardedForm<EmailValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} className="sender-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('email_actions.fields.title')} rules={[required, { max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="from" label={t('email_actions.fields.from')} extra={t('email_actions.from_hint')} rules={[required, { type: 'email', message: message('sender_email_incorrect', lang) }]}>
            <Input type="email" maxLength={254} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="to" label={t('email_actions.fields.to')} rules={[emailsRule(lang, { required: true })]} required>
        <EmailsInput aria-label={t('email_actions.fields.to')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="cc" label={t('email_actions.fields.cc')} rules={[emailsRule(lang)]}>
            <EmailsInput aria-label={t('email_actions.fields.cc')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bcc" label={t('email_actions.fields.bcc')} rules={[emailsRule(lang)]}>
            <EmailsInput aria-label={t('email_actions.fields.bcc')} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>{t('email_actions.fields.dealer_recipients')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('email_actions.dealer_hint')}</Typography.Paragraph>
      <Form.List name="dealer_recipients">
        {(fields, { add, remove }) => (
          <div className="sender-dealers">
            {fields.map((field) => (
              <div key={field.key} className="sender-dealer-row">
                <Form.Item name={[field.name, 'dealer_code']} rules={[required]} className="sender-dealer-row__code">
                  <Input placeholder={t('email_actions.dealer_code')} aria-label={t('email_actions.dealer_code')} maxLength={100} />
                </Form.Item>
                <Form.Item name={[field.name, 'emails']} rules={[emailsRule(lang, { required: true })]} className="sender-dealer-row__emails">
                  <EmailsInput aria-label={t('email_actions.dealer_emails')} />
                </Form.Item>
                <IconButton type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={t('email_actions.dealer_remove')} onClick={() => remove(field.name)} />
              </div>
            ))}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ dealer_code: '', emails: [] })}>
              {t('email_actions.dealer_add')}
            </Button>
          </div>
        )}
      </Form.List>
      <Form.Item name="subject" label={t('email_actions.fields.subject')} rules={[required, { max: 255 }]} className="sender-subject">
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="content_type" label={t('email_actions.fields.content_type')}>
        <Radio.Group optionType="button" options={CONTENT_TYPES.map((value) => ({ value, label: t(`email_actions.content_types.${value}`) }))} />
      </Form.Item>
      <Form.Item name="body" label={t('email_actions.fields.body')} rules={[{ required: true, message: t('required') }, { max: 50_000 }]}>
        <Input.TextArea rows={9} className="sender-body" />
      </Form.Item>
      <div className="sender-placeholders">
        <Typography.Text type="secondary">{t('email_actions.placeholders_hint')}</Typography.Text>
        <div className="sender-placeholders__list">
          {EMAIL_PLACEHOLDERS.map((name) => (
            <Tooltip key={name} title={t(`placeholders.${name}`)}>
              <Tag className="sender-placeholder" onClick={() => insert(name)} role="button" tabIndex={0} onKeyDown={(event) => event.key === 'Enter' && insert(name)}>
                {`{{${name}}}`}
              </Tag>
            </Tooltip>
          ))}
        </div>
        <Typography.Text type="secondary" className="sender-placeholders__form">{t('email_actions.placeholders_form', { example: '{{form_color}}' })}</Typography.Text>
      </div>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="is_required" label={t('email_actions.fields.is_required')} valuePropName="checked" extra={t('email_actions.required_hint')}>
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="is_smtp" label={t('email_actions.fields.is_smtp')} valuePropName="checked" extra={t('email_actions.smtp_hint')}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {isSmtp && smtp.query.isSuccess && !smtp.query.data && (
        <Alert type="warning" showIcon className="sender-alert" message={t('email_actions.smtp_missing')} action={<Link to={`/sender/smtp_settings/${siteId}`}>{t('email_actions.smtp_open')}</Link>} />
      )}
      <Space wrap className="sender-preview-actions">
        <Button icon={<EyeOutlined aria-hidden />} onClick={showPreview} loading={preview.isPending}>
          {t('email_actions.preview')}
        </Button>
        <Typography.Text type="secondary">{t('email_actions.preview_hint')}</Typography.Text>
      </Space>
      {preview.data && <PreviewPanel preview={preview.data} />}
      <FormActions footer={footer} onCancel={onDone} saving={save.isPending} onSave={() => form.submit()} />
    </GuardedForm>
  );
}

const emailCells = {
  to: (value: unknown) => (
    <Space size={[4, 4]} wrap>
      {(value as string[]).map((address) => <Tag key={address} className="sender-email-tag">{address}</Tag>)}
    </Space>
  ),
};

/** /sender/email_actions/{siteId} */
export function EmailActionsPage() {
  return <SenderListPage resource={asResource(emailActionResource)} name="email_actions" drawerWidth={860} cellRenderers={emailCells} renderForm={(props) => <EmailActionForm {...props} />} />;
}

type ProxyValues = { title: string; url: string; token?: string; clear_token?: boolean; is_required: boolean };

/** The form of a proxy action: the token is write-only (shown as set; empty keeps it). */
function ProxyActionForm({ record, siteId, footer, onDone }: { record: Row | null; siteId: string; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<ProxyValues>();
  const save = useSave(asResource(proxyActionResource), siteId, record, form as never, onDone);
  const a = record?.attributes as ProxyAction | undefined;
  const clear = Form.useWatch('clear_token', form);
  const submit = (values: ProxyValues) => {
    const token = values.token ? values.token : values.clear_token ? null : undefined;
    save.mutate({ title: values.title.trim(), url: values.url.trim(), is_required: Boolean(values.is_required), ...(token === undefined ? {} : { token }) });
  };
  const required = { required: true, whitespace: true, message: t('required') };
  return (
    <GuardedForm<ProxyValues> form={form} layout="vertical" initialValues={{ title: a?.title ?? '', url: a?.url ?? '', token: '', clear_token: false, is_required: a?.is_required ?? false }} onFinish={submit}>
      <Form.Item name="title" label={t('proxy_actions.fields.title')} rules={[required, { max: 255 }]}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="url" label={t('proxy_actions.fields.url')} extra={t('proxy_actions.url_hint')} rules={[required, { pattern: /^https?:\/\/\S+$/i, message: t('proxy_actions.url_invalid') }]}>
        <Input maxLength={2048} placeholder="https://crm.example.ru/api/leads" />
      </Form.Item>
      <Form.Item name="token" label={t('proxy_actions.fields.token')} extra={a?.has_token ? t('proxy_actions.token_set') : t('proxy_actions.token_hint')}>
        <Input.Password maxLength={500} autoComplete="new-password" disabled={clear} placeholder={a?.has_token ? t('proxy_actions.token_placeholder_set') : undefined} />
      </Form.Item>
      {a?.has_token && (
        <Form.Item name="clear_token" valuePropName="checked">
          <Switch checkedChildren={t('proxy_actions.clear_token')} unCheckedChildren={t('proxy_actions.keep_token')} aria-label={t('proxy_actions.clear_token')} />
        </Form.Item>
      )}
      <Form.Item name="is_required" label={t('proxy_actions.fields.is_required')} valuePropName="checked" extra={t('proxy_actions.required_hint')}>
        <Switch />
      </Form.Item>
      <FormActions footer={footer} onCancel={onDone} saving={save.isPending} onSave={() => form.submit()} />
    </GuardedForm>
  );
}

const proxyCells = {
  has_token: (value: unknown) => (value ? <Tag color="green">{/* the token is never shown */}●●●●</Tag> : <Typography.Text type="secondary">—</Typography.Text>),
};

/** /sender/proxy_actions/{siteId} */
export function ProxyActionsPage() {
  return <SenderListPage resource={asResource(proxyActionResource)} name="proxy_actions" drawerWidth={560} cellRenderers={proxyCells} renderForm={(props) => <ProxyActionForm {...props} />} />;
}

type SmtpValues = { hostname: string; port: number; login: string; password: string };

/** /sender/smtp_settings/{siteId}: the site's own mail server (the password write-only) and a test mail. */
export function SmtpSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const site = useSite(siteId);
  const canWrite = can('smtp_settings.patch');
  const { query, save, remove, test } = useSmtpSettings(siteId);
  const [form] = Form.useForm<SmtpValues>();
  const [dirty, setDirty] = useState(false);
  // The test mail goes to the user's own address unless they type another.
  const { user } = useSession();
  const [testTo, setTestTo] = useState(user?.email ?? '');
  const current = query.data?.attributes;
  useEffect(() => {
    if (query.isSuccess) {
      form.setFieldsValue({ hostname: current?.hostname ?? '', port: current?.port ?? 587, login: current?.login ?? '', password: '' });
      setDirty(false);
    }
  }, [query.isSuccess, current, form]);
  const attributesOf = (values: SmtpValues) => ({ hostname: values.hostname.trim(), port: values.port, login: values.login?.trim() || null, ...(values.password ? { password: values.password } : {}) });
  const submit = (values: SmtpValues) =>
    save.mutateAsync(attributesOf(values), { onSuccess: () => notify.success(t('common:notices.saved')), onError: (error) => showSaveErrors(error, lang, form.setFields as never) });
  const sendTest = () =>
    test.mutate(testTo.trim(), {
      onSuccess: () => notify.success(t('smtp_settings.test_sent', { to: testTo.trim() })),
      onError: (error) => notify.error(errorTitle(error, lang)),
    });
  // The server sends through the saved settings: changes in the form are saved first, if the user agrees.
  const saveThenTest = () =>
    Modal.confirm({
      title: t('smtp_settings.test_unsaved_title'),
      content: t('smtp_settings.test_unsaved_text'),
      okText: t('smtp_settings.test_save_and_send'),
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        await save.mutateAsync(attributesOf(values)).then(
          () => sendTest(),
          (error) => showSaveErrors(error, lang, form.setFields as never),
        );
      },
    });
  const title = t('smtp_settings.title');
  const required = { required: true, whitespace: true, message: t('required') };
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
          <div className="sender-settings">
            <Typography.Paragraph type="secondary">{t('smtp_settings.intro')}</Typography.Paragraph>
            {!canWrite && <Alert type="info" showIcon className="sender-alert" message={t('read_only')} />}
            {!current && <Alert type="info" showIcon className="sender-alert" message={t('smtp_settings.none')} />}
            <GuardedForm form={form} layout="vertical" disabled={!canWrite} onFinish={submit} onValuesChange={() => setDirty(true)} initialValues={{ hostname: '', port: 587, login: '', password: '' }}>
              <Row gutter={16}>
                <Col xs={24} md={16}>
                  <Form.Item name="hostname" label={t('smtp_settings.fields.hostname')} rules={[required, { max: 253 }]} extra={t('smtp_settings.hostname_hint')}>
                    <Input maxLength={253} placeholder="smtp.example.ru" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="port" label={t('smtp_settings.fields.port')} rules={[{ required: true, message: t('required') }]} extra={t('smtp_settings.port_hint')}>
                    <InputNumber min={1} max={65535} precision={0} className="sender-port" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="login" label={t('smtp_settings.fields.login')}>
                <Input maxLength={255} autoComplete="off" />
              </Form.Item>
              <Form.Item name="password" label={t('smtp_settings.fields.password')} extra={current?.has_password ? t('smtp_settings.password_set') : t('smtp_settings.password_hint')}>
                <Input.Password maxLength={255} autoComplete="new-password" placeholder={current?.has_password ? t('smtp_settings.password_placeholder_set') : undefined} />
              </Form.Item>
              {current && (
                <Typography.Paragraph type="secondary">
                  {t('smtp_settings.updated', { date: formatDateTime(current.updated_at) })}
                </Typography.Paragraph>
              )}
              {canWrite && (
                <Space wrap>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t('common:actions.save')}
                  </Button>
                  {current && (
                    <ConfirmButton
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      loading={remove.isPending}
                      confirm={{ title: t('smtp_settings.remove_confirm'), description: t('smtp_settings.remove_confirm_text'), okText: t('smtp_settings.remove') }}
                      onConfirm={() => remove.mutateAsync(undefined, { onSuccess: () => notify.success(t('common:notices.deleted')), onError: (error) => notify.error(errorTitle(error, lang)) })}
                    >
                      {t('smtp_settings.remove')}
                    </ConfirmButton>
                  )}
                </Space>
              )}
            </GuardedForm>
            {canWrite && current && (
              <div className="sender-test">
                <Typography.Title level={5}>{t('smtp_settings.test_title')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('smtp_settings.test_hint')}</Typography.Paragraph>
                <Space wrap className="sender-test__row">
                  <Input type="email" className="sender-test__to" value={testTo} onChange={(event) => setTestTo(event.target.value)} placeholder={t('smtp_settings.test_to')} aria-label={t('smtp_settings.test_to')} />
                  <Tooltip title={dirty ? t('smtp_settings.test_needs_save') : t('smtp_settings.test_tooltip')}>
                    <Button icon={<SendOutlined aria-hidden />} onClick={dirty ? saveThenTest : sendTest} loading={test.isPending} disabled={!testTo.trim()}>
                      {t('smtp_settings.test_send')}
                    </Button>
                  </Tooltip>
                </Space>
              </div>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
