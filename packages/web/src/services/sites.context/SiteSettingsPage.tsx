import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, AutoComplete, Button, Card, Col, Form, Input, InputNumber, Radio, Result, Row, Select, Skeleton, Space, Switch } from 'antd';
import { CopyOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission, LOGO_POSITIONS, permissionText, SITE_COUNTRIES, SITE_LOCALES, SITE_MAILERS, SITE_TYPES, siteGroupRef, siteResource, displayHost, type Lang } from '@dp/contracts';
import { siteUrl, useCurrentSite } from '../../app/data.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { AuditHistory } from '../../kit/AuditHistory.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule, type SchemaLike } from '../../kit/rules.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { CopySiteDialog } from './CopySiteDialog.tsx';
import { SiteDealersCard } from './SiteDealersCard.tsx';
import { SiteImages } from './SiteImages.tsx';
import { SiteStatusCard } from './SiteStatusCard.tsx';
import { colorSchemeRule } from './site-rules.ts';
import { sitePath, useDealerChoices, useInvalidateSites, useSite, useSiteOptions, type SiteRecord } from './site-api.ts';
import { SiteTypeTag } from './site-tags.tsx';
import './sites.css';
import { GuardedForm } from '../../kit/unsaved.tsx';

const shape = (siteResource.update as unknown as { shape: Record<string, SchemaLike> }).shape;
type Values = Record<string, unknown>;

/** The form's values of a site: Site.context and depersonalization flattened into fields. */
export function formValues(site: SiteRecord['attributes']): Values {
  const { context, depersonalization, ...rest } = site;
  return {
    ...rest,
    // Hosts as people read them (an internationalised domain in its own script); saved, they are punycode again.
    host: rest.host && displayHost(rest.host),
    technical_host: rest.technical_host && displayHost(rest.technical_host),
    color_scheme: context.color_scheme,
    extra_color_schemes: context.extra_color_schemes,
    brand_id: context.brand_id,
    depersonalization_enabled: depersonalization.enabled,
    depersonalization_period: depersonalization.period,
    basic_auth_password: '',
  };
}

const PLAIN = ['name', 'host', 'technical_host', 'type', 'use_http', 'dealer_id', 'admin_email', 'country', 'strict_publishing', 'content_version', 'phone_format', 'locale', 'default_mailer', 'basic_auth_login', 'logo_position', 'group_ids'];
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || ((a === '' || a == null) && (b === '' || b == null));

/** The PATCH attributes of the fields that changed (context and depersonalization whole, the password only when typed). */
export function changedAttributes(values: Values, initial: Values): Values {
  const changes: Values = {};
  for (const field of PLAIN) if (!same(values[field], initial[field])) changes[field] = values[field] === '' ? null : values[field];
  if (['color_scheme', 'extra_color_schemes', 'brand_id'].some((field) => !same(values[field], initial[field]))) {
    changes.context = { color_scheme: values.color_scheme || null, extra_color_schemes: values.extra_color_schemes ?? [], brand_id: values.brand_id ?? null };
  }
  if (!same(values.depersonalization_enabled, initial.depersonalization_enabled) || !same(values.depersonalization_period, initial.depersonalization_period)) {
    changes.depersonalization = { enabled: !!values.depersonalization_enabled, period: values.depersonalization_period ?? null };
  }
  if (typeof values.basic_auth_password === 'string' && values.basic_auth_password !== '') changes.basic_auth_password = values.basic_auth_password;
  return changes;
}

/** Field errors of the server (`/data/attributes/context/color_scheme` …) as the form's field names. */
const FIELD_OF: Record<string, string> = { context: 'color_scheme', depersonalization: 'depersonalization_period' };

function SettingsForm({ site, editable }: { site: SiteRecord; editable: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const [form] = Form.useForm();
  const initial = useMemo(() => formValues(site.attributes), [site]);
  const options = useSiteOptions();
  const dealers = useDealerChoices(site.attributes.client_id);
  const groups = useRefOptions(siteGroupRef);
  const invalidate = useInvalidateSites();
  const depersonalization = Form.useWatch('depersonalization_enabled', form) as boolean | undefined;
  const rule = (field: string) => (shape[field] ? [zodRule(shape[field]!, () => lang)] : []);
  const staff = user?.internal === true;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const attributes = changedAttributes(values, initial);
      if (!Object.keys(attributes).length) return Promise.resolve(null);
      return api.patch<SiteRecord>(sitePath(`sites/${site.id}`), { type: 'sites', id: site.id, attributes });
    },
    onSuccess: async (saved) => {
      if (!saved) return notify.info(t('common:notices.unchanged'));
      notify.success(t('common:notices.saved'), saved.attributes.host !== site.attributes.host ? t('settings.host_task') : undefined);
      form.setFieldValue('basic_auth_password', '');
      await invalidate();
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields = error.errors
          .filter((entry) => entry.source?.pointer?.startsWith('/data/attributes/'))
          .map((entry) => {
            const [field, sub] = entry.source!.pointer!.replace('/data/attributes/', '').split('/');
            const name = field === 'context' && sub ? sub : field === 'depersonalization' ? 'depersonalization_period' : (FIELD_OF[field!] && !sub ? FIELD_OF[field!]! : field!);
            return { name, errors: [entry.title] };
          });
        if (fields.length) {
          form.setFields(fields);
          return notify.error(t('common:form_invalid', { defaultValue: t('settings.invalid') }));
        }
      }
      notify.error(t('settings.save_failed'), errorTitle(error, lang));
    },
  });

  return (
    <GuardedForm form={form} layout="vertical" name="site-settings" initialValues={initial} onFinish={(values) => save.mutateAsync(values)} disabled={!editable || save.isPending} scrollToFirstError>
      <Card variant="borderless" className="page-card" title={t('settings.sections.main')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('sites.fields.name')} rules={rule('name')} required>
              <Input aria-label={t('sites.fields.name')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('sites.fields.type')}>
              <Select aria-label={t('sites.fields.type')} disabled={!editable || !staff} options={SITE_TYPES.map((value) => ({ value, label: t(`sites.types.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="host" label={t('sites.fields.host')} rules={rule('host')} extra={t('settings.host_hint')}>
              <Input aria-label={t('sites.fields.host')} placeholder="dealer-site.ru" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="technical_host" label={t('sites.fields.technical_host')} rules={rule('technical_host')} extra={t('settings.technical_hint', { domain: options.data?.technical_domain ?? 'localhost' })}>
              <Input aria-label={t('sites.fields.technical_host')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="use_http" label={t('sites.fields.use_http')} valuePropName="checked">
              <Switch aria-label={t('sites.fields.use_http')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="strict_publishing" label={t('sites.fields.strict_publishing')} valuePropName="checked" extra={t('settings.strict_hint')}>
              <Switch aria-label={t('sites.fields.strict_publishing')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="country" label={t('sites.fields.country')}>
              <Select aria-label={t('sites.fields.country')} options={SITE_COUNTRIES.map((value) => ({ value, label: t(`countries.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="content_version" label={t('sites.fields.content_version')} rules={rule('content_version')}>
              <InputNumber aria-label={t('sites.fields.content_version')} min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="admin_email" label={t('sites.fields.admin_email')} rules={rule('admin_email')}>
              <Input aria-label={t('sites.fields.admin_email')} type="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone_format" label={t('sites.fields.phone_format')} rules={rule('phone_format')}>
              <Input aria-label={t('sites.fields.phone_format')} placeholder="+7 (XXX) XXX-XX-XX" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="locale" label={t('sites.fields.locale')}>
              <Select aria-label={t('sites.fields.locale')} options={SITE_LOCALES.map((value) => ({ value, label: t(`common:languages.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="default_mailer" label={t('sites.fields.default_mailer')}>
              <Select aria-label={t('sites.fields.default_mailer')} allowClear options={SITE_MAILERS.map((value) => ({ value, label: t(`mailers.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dealer_id" label={t('sites.fields.dealer_id')}>
              <Select aria-label={t('sites.fields.dealer_id')} allowClear showSearch={{ optionFilterProp: 'label' }} loading={dealers.isFetching} options={dealers.options} notFoundContent={t('settings.no_dealers')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="group_ids" label={t('sites.fields.group_ids')}>
              <Select aria-label={t('sites.fields.group_ids')} mode="multiple" allowClear options={groups.options} loading={groups.isFetching} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card variant="borderless" className="page-card" title={t('settings.sections.appearance')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="color_scheme" label={t('sites.fields.color_scheme')} rules={[colorSchemeRule(lang)]}>
              <AutoComplete aria-label={t('sites.fields.color_scheme')} allowClear options={(options.data?.color_schemes ?? []).map((value) => ({ value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="extra_color_schemes" label={t('sites.fields.extra_color_schemes')} rules={[{ type: 'array', defaultField: colorSchemeRule(lang) }]}>
              <Select aria-label={t('sites.fields.extra_color_schemes')} mode="tags" tokenSeparators={[',', ' ']} options={(options.data?.color_schemes ?? []).map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="brand_id" label={t('sites.fields.brand_id')}>
              <InputNumber aria-label={t('sites.fields.brand_id')} min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="logo_position" label={t('sites.fields.logo_position')}>
              <Radio.Group optionType="button" options={LOGO_POSITIONS.map((value) => ({ value, label: t(`logo_positions.${value}`) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card variant="borderless" className="page-card" title={t('settings.sections.protection')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="basic_auth_login" label={t('sites.fields.basic_auth_login')} rules={rule('basic_auth_login')} extra={t('settings.basic_auth_hint')}>
              <Input aria-label={t('sites.fields.basic_auth_login')} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="basic_auth_password" label={t('sites.fields.basic_auth_password')} extra={t('settings.password_hint')}>
              <Input.Password aria-label={t('sites.fields.basic_auth_password')} autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="depersonalization_enabled" label={t('sites.fields.depersonalization')} valuePropName="checked">
              <Switch aria-label={t('sites.fields.depersonalization')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="depersonalization_period"
              label={t('sites.fields.depersonalization_period')}
              rules={depersonalization ? [{ required: true, message: t('settings.period_required') }] : []}
            >
              <InputNumber aria-label={t('sites.fields.depersonalization_period')} min={1} max={3650} precision={0} disabled={!editable || !depersonalization} addonAfter={t('settings.days')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {editable && (
        <div className="site-settings__save">
          <Space>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button htmlType="reset" disabled={save.isPending}>
              {t('settings.reset')}
            </Button>
          </Space>
        </div>
      )}
    </GuardedForm>
  );
}

/** The site's extra languages (the multiple_locales module; spec 000 §7 locales). */
function SiteLocales({ site, editable }: { site: SiteRecord; editable: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const invalidate = useInvalidateSites();
  const change = useMutation({
    mutationFn: (locales: string[]) => api.patch(sitePath(`sites/${site.id}/locales`), { locales }),
    onSuccess: async () => {
      notify.success(t('common:notices.saved'));
      await invalidate();
    },
    onError: (error) => notify.error(t('settings.save_failed'), errorTitle(error, lang)),
  });
  return (
    <Card variant="borderless" className="page-card" title={t('settings.sections.locales')}>
      <Select
        mode="multiple"
        value={site.attributes.locales}
        disabled={!editable || change.isPending}
        aria-label={t('sites.fields.locales')}
        options={SITE_LOCALES.map((value) => ({ value, label: t(`common:languages.${value}`) }))}
        onChange={(locales: string[]) => change.mutate(locales)}
        style={{ width: '100%' }}
      />
    </Card>
  );
}

/**
 * /sites.context/sites/{siteId}/settings: every setting of spec 000 §2 in sections, images with
 * previews, dealers, status and publication with their confirmations, and the site's history.
 * Read-only for those who may only read sites.
 */
export default function SiteSettingsPage() {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const id = useParams().siteId;
  const query = useSite(id);
  const current = useCurrentSite();
  const [copying, setCopying] = useState(false);
  const permissions = user?.permissions ?? {};
  const editable = hasAnyPermission(permissions, 'sites.context', ['sites.patch']);
  const canCreate = hasAnyPermission(permissions, 'sites.context', ['sites.create']);
  const canDelete = hasAnyPermission(permissions, 'sites.context', ['sites.delete']);

  if (query.isError) {
    return (
      <div className="page">
        <Result status="error" title={t('settings.load_failed')} subTitle={errorTitle(query.error)} extra={<Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
      </div>
    );
  }
  const site = query.data?.site;
  const url = site ? siteUrl(site.attributes) : null;
  const hasLocales = (current.data?.modules ?? []).includes('multiple_locales');
  return (
    <div className="page">
      <PageHeader
        title={site ? t('settings.title', { name: site.attributes.name }) : t('common:loading')}
        subtitle={site ? <Space size={4} wrap>{query.data?.clientName}<SiteTypeTag type={site.attributes.type} /></Space> : undefined}
        extra={
          site && (
            <Space wrap>
              {url && (
                <Button icon={<ExportOutlined aria-hidden />} href={url} target="_blank" rel="noopener noreferrer">
                  {t('settings.open_site')}
                </Button>
              )}
              {canCreate && (
                <Button icon={<CopyOutlined aria-hidden />} onClick={() => setCopying(true)}>
                  {t('copy.action')}
                </Button>
              )}
            </Space>
          )
        }
      />
      {!site ? (
        <Card variant="borderless" className="page-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {!editable && (
            <Col span={24}>
              <Alert type="info" showIcon title={t('settings.read_only', { right: permissionText('sites.context', 'sites.patch', lang as Lang)?.name })} />
            </Col>
          )}
          <Col xs={24} xl={15} className="site-settings__main">
            <SettingsForm key={`${site.id}:${site.attributes.updated_at}`} site={site} editable={editable} />
            <SiteImages site={site} editable={editable} />
          </Col>
          <Col xs={24} xl={9} className="site-settings__side">
            <SiteStatusCard site={site} editable={editable} canDelete={canDelete} />
            <SiteDealersCard site={site} editable={editable} />
            {hasLocales && <SiteLocales site={site} editable={editable} />}
          </Col>
          <Col span={24}>
            <AuditHistory resource="sites" recordId={site.id} />
          </Col>
        </Row>
      )}
      {site && <CopySiteDialog site={site} open={copying} onClose={() => setCopying(false)} />}
    </div>
  );
}

