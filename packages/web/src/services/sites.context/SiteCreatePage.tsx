import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AutoComplete, Button, Card, Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SITE_COUNTRIES, SITE_LOCALES, SITE_TYPES, siteResource, subdomainFrom } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule, type SchemaLike } from '../../kit/rules.ts';
import { CopySiteDialog } from './CopySiteDialog.tsx';
import { colorSchemeRule } from './site-rules.ts';
import { openSite, sitePath, useClientChoices, useDealerChoices, useInvalidateSites, useSiteOptions, type SiteRecord } from './site-api.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';

const shape = (siteResource.create as unknown as { shape: Record<string, SchemaLike> }).shape;

/**
 * /sites.context/sites/create: a new site (a draft; a creation task is made for it), or a copy
 * of an official demo or master site through the copy dialog. On success the new site becomes
 * the site being edited and its settings open.
 */
export default function SiteCreatePage() {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [copying, setCopying] = useState(false);
  const options = useSiteOptions();
  const clients = useClientChoices();
  const clientId = Form.useWatch('client_id', form) as number | undefined;
  const name = Form.useWatch('name', form) as string | undefined;
  const auto = Form.useWatch('auto', form) as boolean | undefined;
  const dealers = useDealerChoices(clientId);
  const invalidate = useInvalidateSites();
  const domain = options.data?.technical_domain ?? 'localhost';
  const staff = user?.internal === true;
  const rule = (field: string) => (shape[field] ? [zodRule(shape[field]!, () => lang)] : []);

  const create = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const { auto: automatic, subdomain, color_scheme: colorScheme, ...rest } = values;
      const sub = automatic ? subdomainFrom(String(values.name ?? '')) : subdomainFrom(String(subdomain ?? ''));
      const attributes = Object.fromEntries(
        Object.entries({ ...rest, technical_host: sub ? `${sub}.${domain}` : null, context: colorScheme ? { color_scheme: colorScheme } : undefined }).filter(
          ([, value]) => value !== undefined && value !== '',
        ),
      );
      return api.post<SiteRecord>(sitePath('sites'), { type: 'sites', attributes });
    },
    onSuccess: async (site) => {
      notify.success(t('create.done', { name: site.attributes.name }), t('create.task_hint'));
      await invalidate();
      navigate(openSite(site, clients.options.find((option) => option.value === site.attributes.client_id)?.label ?? null));
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields = Object.entries(error.fieldErrors()).map(([field, errors]) => ({ name: field === 'technical_host' ? (form.getFieldValue('auto') ? 'name' : 'subdomain') : field, errors }));
        if (fields.length) return form.setFields(fields);
      }
      notify.error(t('create.failed'), errorTitle(error, lang));
    },
  });

  return (
    <div className="page">
      <PageHeader
        title={t('create.title')}
        subtitle={t('create.subtitle')}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
              {t('common:actions.cancel')}
            </Button>
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => setCopying(true)}>
              {t('create.from_official')}
            </Button>
          </Space>
        }
      />
      <Card variant="borderless" className="page-card site-create">
        <GuardedForm
          form={form}
          layout="vertical"
          name="site-create"
          disabled={create.isPending}
          initialValues={{ client_id: user?.client?.id ?? user?.clients[0]?.id, type: 3, auto: true, locale: 'ru', country: 'ru', use_http: false }}
          onFinish={(values) => create.mutate(values)}
          scrollToFirstError
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('sites.fields.name')} rules={rule('name')} required>
                <Input aria-label={t('sites.fields.name')} placeholder={t('create.name_placeholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="client_id" label={t('sites.fields.client_id')} rules={rule('client_id')} required>
                <Select aria-label={t('sites.fields.client_id')} showSearch={{ optionFilterProp: 'label' }} loading={clients.loading} options={clients.options} onChange={() => form.setFieldValue('dealer_id', null)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="host" label={t('sites.fields.host')} rules={rule('host')} extra={t('settings.host_hint')}>
                <Input aria-label={t('sites.fields.host')} placeholder="dealer-site.ru" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('sites.fields.technical_host')} extra={t('create.technical_hint', { domain })}>
                <Form.Item name="auto" valuePropName="checked" noStyle>
                  <Switch aria-label={t('copy.auto_technical_host')} checkedChildren={t('create.auto')} unCheckedChildren={t('create.manual')} />
                </Form.Item>
                {auto ? (
                  <Typography.Text code className="site-create__technical" data-testid="technical-host-preview">{`${subdomainFrom(name ?? '') || '…'}.${domain}`}</Typography.Text>
                ) : (
                  <Form.Item name="subdomain" noStyle>
                    <Input aria-label={t('copy.subdomain')} suffix={`.${domain}`} className="site-create__technical" />
                  </Form.Item>
                )}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="dealer_id" label={t('sites.fields.dealer_id')}>
                <Select aria-label={t('sites.fields.dealer_id')} allowClear showSearch={{ optionFilterProp: 'label' }} loading={dealers.isFetching} options={dealers.options} disabled={!dealers.allowed} notFoundContent={t('settings.no_dealers')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="color_scheme" label={t('sites.fields.color_scheme')} rules={[colorSchemeRule(lang)]}>
                <AutoComplete aria-label={t('sites.fields.color_scheme')} allowClear options={(options.data?.color_schemes ?? []).map((value) => ({ value }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="type" label={t('sites.fields.type')}>
                <Select aria-label={t('sites.fields.type')} disabled={!staff} options={SITE_TYPES.map((value) => ({ value, label: t(`sites.types.${value}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="locale" label={t('sites.fields.locale')}>
                <Select aria-label={t('sites.fields.locale')} options={SITE_LOCALES.map((value) => ({ value, label: t(`common:languages.${value}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="country" label={t('sites.fields.country')}>
                <Select aria-label={t('sites.fields.country')} options={SITE_COUNTRIES.map((value) => ({ value, label: t(`countries.${value}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="use_http" label={t('sites.fields.use_http')} valuePropName="checked">
                <Switch aria-label={t('sites.fields.use_http')} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item className="form-actions">
            <Space>
              <Button type="primary" htmlType="submit" loading={create.isPending}>
                {t('create.submit')}
              </Button>
              <Typography.Text type="secondary">{t('create.task_hint')}</Typography.Text>
            </Space>
          </Form.Item>
        </GuardedForm>
      </Card>
      <CopySiteDialog site={null} open={copying} onClose={() => setCopying(false)} onCopied={(copy) => navigate(openSite(copy, null))} />
    </div>
  );
}
