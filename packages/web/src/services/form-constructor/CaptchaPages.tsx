import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Drawer, Empty, Form, Grid, Input, Popconfirm, Radio, Result, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_KINDS, COLOR_SCHEMES, hasPermission, SMART_CAPTCHA_TOKEN_MAX, type CaptchaKind, type JsonApiRecord, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors } from '../cars.stock.sites/stock-sites-api.ts';
import { formKeys, formsPath, useCaptchaSettings, useSmartKeys, type SmartKey } from './form-api.ts';
import './form-constructor.css';
import { FormDrawer, GuardedForm, useUnsavedChanges } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

const schemeName = (code: string, lang: Lang) => COLOR_SCHEMES.find((scheme) => scheme.code === code)?.name[lang] ?? code;
const keysPath = (siteId: string) => `/smartchaptcha/table/${siteId}/`;

/**
 * /widgets/captcha/{siteId}/ (spec 002 §2): how the site's forms prove a visitor is no robot:
 * the proof of work (no outside service, the default) or the smart captcha, which needs a key
 * for the site's colour scheme; the screen says which one the forms use now.
 */
export function CaptchaSettingsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['form-constructor', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const settings = useCaptchaSettings(siteId);
  const client = useQueryClient();
  const canEdit = hasPermission(user?.permissions ?? {}, 'form-constructor', 'form_constructor.edit');
  const [kind, setKind] = useState<CaptchaKind>('proof_of_work');
  useEffect(() => setKind(settings.data?.data?.attributes.kind ?? 'proof_of_work'), [settings.data]);
  const saved = settings.data?.data?.attributes.kind ?? 'proof_of_work';
  // A kind chosen and not saved: another page and a reload ask first; a save counts once sent.
  const { release, hold } = useUnsavedChanges(!settings.isLoading && kind !== saved);
  const save = useMutation({
    onMutate: release,
    mutationFn: () => {
      const record = settings.data?.data;
      return record ? api.patch(formsPath(`captcha_settings/${record.id}`), { id: record.id, attributes: { kind } }) : api.post(formsPath('captcha_settings'), { attributes: { site_id: Number(siteId), kind } });
    },
    onSuccess: async () => {
      notify.success(t('common:notices.saved'));
      await client.invalidateQueries({ queryKey: formKeys.captcha(siteId) });
    },
    onError: (error) => {
      hold();
      notify.error(t('notices.save_failed'), errorTitle(error, lang));
    },
  });
  const title = t('captcha_settings.title');
  const meta = settings.data?.meta;
  return (
    <div className="page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} />
      <Card variant="borderless" className="page-card">
        {settings.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(settings.error, lang)} extra={<Button type="primary" onClick={() => void settings.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            {meta && (
              <Alert
                type={saved === 'smart_captcha' && meta.in_use !== 'smart_captcha' ? 'warning' : 'info'}
                showIcon
                title={t('captcha.in_use', { kind: t(`captcha_settings.kinds.${meta.in_use}`) })}
                description={
                  saved === 'smart_captcha' && meta.in_use !== 'smart_captcha' ? (
                    <span>
                      {t('captcha.no_key', { scheme: schemeName(meta.color_scheme, lang) })} <Link to={keysPath(siteId)}>{t('captcha.to_keys')}</Link>
                    </span>
                  ) : (
                    t('captcha.scheme', { scheme: schemeName(meta.color_scheme, lang) })
                  )
                }
              />
            )}
            <Radio.Group value={kind} onChange={(event) => setKind(event.target.value)} disabled={!canEdit || settings.isLoading} aria-label={t('captcha_settings.fields.kind')} className="captcha-kinds">
              <Space direction="vertical">
                {CAPTCHA_KINDS.map((value) => (
                  <Radio key={value} value={value}>
                    <Typography.Text strong>{t(`captcha_settings.kinds.${value}`)}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{t(`captcha.descriptions.${value}`)}</Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
            {kind === 'smart_captcha' && <Typography.Paragraph type="secondary">{t('captcha.site_forms_note')}</Typography.Paragraph>}
            {canEdit && (
              <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={save.isPending} disabled={settings.isLoading} onClick={() => save.mutate()}>
                {t('common:actions.save')}
              </Button>
            )}
          </Space>
        )}
      </Card>
    </div>
  );
}

type KeyRow = JsonApiRecord<SmartKey>;
interface KeyValues {
  color_scheme?: string;
  client_token?: string;
  secret_token?: string;
}

/**
 * /smartchaptcha/table/{siteId}/ (spec 002 §2, §5): the site's smart captcha keys, one per colour
 * scheme, client token at most 200 characters; the secret token is only ever typed, never shown.
 */
export function SmartCaptchaKeysPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['form-constructor', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const keys = useSmartKeys(siteId);
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const canEdit = hasPermission(user?.permissions ?? {}, 'form-constructor', 'form_constructor.edit');
  const [editing, setEditing] = useState<{ record: KeyRow | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [form] = Form.useForm<KeyValues>();
  const refresh = () => client.invalidateQueries({ queryKey: formKeys.keys(siteId) });
  const save = useMutation({
    mutationFn: (values: KeyValues) => {
      const attributes = { color_scheme: values.color_scheme, client_token: values.client_token?.trim(), ...(values.secret_token ? { secret_token: values.secret_token } : {}) };
      return editing?.record ? api.patch(formsPath(`smart_captcha_keys/${editing.record.id}`), { id: editing.record.id, attributes }) : api.post(formsPath('smart_captcha_keys'), { attributes: { site_id: Number(siteId), ...attributes } });
    },
    onSuccess: async () => {
      notify.success(t(editing?.record ? 'common:notices.saved' : 'common:notices.created'));
      setEditing(null);
      await refresh();
      await client.invalidateQueries({ queryKey: formKeys.captcha(siteId) });
    },
    onError: (error) => showSaveErrors(error, lang, form.setFields as never),
  });
  const remove = useMutation({
    mutationFn: (record: KeyRow) => api.delete(formsPath(`smart_captcha_keys/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const open = (record: KeyRow | null) => {
    form.resetFields();
    form.setFieldsValue(record ? { color_scheme: record.attributes.color_scheme, client_token: record.attributes.client_token } : { color_scheme: undefined, client_token: '' });
    setEditing({ record });
  };
  const title = t('smart_captcha_keys.title');
  const createButton = canEdit && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)}>
      {t('keys.create')}
    </Button>
  );
  const actions = (
    <Space>
      <Button type="primary" htmlType="submit" form="smart-key-form" loading={save.isPending}>
        {editing?.record ? t('common:actions.save') : t('common:actions.create')}
      </Button>
      <Button onClick={() => setEditing(null)}>{t('common:actions.cancel')}</Button>
    </Space>
  );
  const tokenRules = (required: boolean) => [
    ...(required ? [{ required: true, whitespace: true, message: t('required') }] : []),
    { max: SMART_CAPTCHA_TOKEN_MAX, message: t('keys.too_long', { count: SMART_CAPTCHA_TOKEN_MAX }) },
    { pattern: /^\S*$/, message: t('keys.no_spaces') },
  ];
  return (
    <div className="page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} extra={createButton} />
      <Card variant="borderless" className="page-card">
        {keys.isError && !keys.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(keys.error, lang)} extra={<Button type="primary" onClick={() => void keys.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<KeyRow>
            rowKey="id"
            loading={keys.isFetching}
            dataSource={keys.data?.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: keys.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('keys.empty')}>{createButton}</Empty> }}
            columns={[
              { key: 'scheme', title: t('smart_captcha_keys.fields.color_scheme'), render: (_: unknown, record) => schemeName(record.attributes.color_scheme, lang) },
              { key: 'client', title: t('smart_captcha_keys.fields.client_token'), render: (_: unknown, record) => <Typography.Text code className="smart-key__token">{record.attributes.client_token}</Typography.Text> },
              { key: 'secret', title: t('smart_captcha_keys.fields.has_secret'), render: (_: unknown, record) => (record.attributes.has_secret ? <Tag color="green">{t('keys.secret_set')}</Tag> : <Tag>{t('keys.secret_missing')}</Tag>) },
              { key: 'updated', title: t('smart_captcha_keys.fields.updated_at'), render: (_: unknown, record) => formatDateTime(record.attributes.updated_at) },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      title: t('common:actions.title'),
                      render: (_: unknown, record: KeyRow) => (
                        <Space size={0}>
                          <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={t('keys.edit_named', { scheme: schemeName(record.attributes.color_scheme, lang) })} onClick={() => open(record)} />
                          <Popconfirm
                            title={t('keys.delete_title')}
                            description={t('keys.delete_text', { scheme: schemeName(record.attributes.color_scheme, lang) })}
                            okText={t('common:actions.delete')}
                            okButtonProps={{ danger: true }}
                            cancelText={t('common:actions.cancel')}
                            onConfirm={() => remove.mutateAsync(record).catch(() => undefined)}
                          >
                            <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('keys.delete_named', { scheme: schemeName(record.attributes.color_scheme, lang) })} />
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      <FormDrawer open={!!editing} title={editing?.record ? t('keys.edit') : t('smart_captcha_keys.create_title')} size={screens.sm === false ? '100%' : 520} destroyOnHidden onClose={() => setEditing(null)} footer={<div ref={setFooter} className="drawer-actions" />}>
        {editing && (
          <GuardedForm<KeyValues> form={form} id="smart-key-form" layout="vertical" onFinish={(values) => save.mutate(values)}>
            <Form.Item name="color_scheme" label={t('smart_captcha_keys.fields.color_scheme')} rules={[{ required: true, message: t('required') }]}>
              <Select aria-label={t('smart_captcha_keys.fields.color_scheme')} options={COLOR_SCHEMES.map((scheme) => ({ value: scheme.code, label: scheme.name[lang] }))} />
            </Form.Item>
            <Form.Item name="client_token" label={t('smart_captcha_keys.fields.client_token')} rules={tokenRules(true)}>
              <Input aria-label={t('smart_captcha_keys.fields.client_token')} maxLength={SMART_CAPTCHA_TOKEN_MAX} autoComplete="off" />
            </Form.Item>
            <Form.Item name="secret_token" label={t('smart_captcha_keys.fields.secret_token')} rules={tokenRules(!editing.record)} extra={editing.record ? t('keys.secret_keep') : t('keys.secret_hint')}>
              <Input.Password aria-label={t('smart_captcha_keys.fields.secret_token')} maxLength={SMART_CAPTCHA_TOKEN_MAX} autoComplete="new-password" />
            </Form.Item>
          </GuardedForm>
        )}
        {editing && (footer ? createPortal(actions, footer) : actions)}
      </FormDrawer>
    </div>
  );
}
