import { useMemo, useState } from 'react';
import { AutoComplete, Checkbox, Col, Form, Input, Modal, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copySiteBody, messages, SITE_LOCALES, SITE_TYPES, siteGroupRef, subdomainFrom, type Lang, type SiteCopied } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { zodRule, type SchemaLike } from '../../kit/rules.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { colorSchemeRule } from './site-rules.ts';
import { sitePath, useClientChoices, useDealerChoices, useInvalidateSites, useOfficialSites, useSiteOptions, type SiteRecord } from './site-api.ts';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';

const shape = (copySiteBody.shape.data as unknown as { shape: Record<string, SchemaLike> }).shape;
type Source = 'site' | 'demo' | 'official';

/** What the copy took, in words: "Copied: 4 pages, 2 layouts, 1 redirect" (kinds with nothing left out), or that there was nothing. */
export function copiedSummary(copied: SiteCopied, t: (key: string, options?: Record<string, unknown>) => string): string {
  const things = (['pages', 'layouts', 'templates', 'stages', 'redirects', 'seo_constants'] as const).filter((thing) => (copied[thing] ?? 0) > 0);
  return things.length ? t('copy.copied', { list: things.map((thing) => t(`copy.copied_things.${thing}`, { count: copied[thing] })).join(', ') }) : t('copy.copied_nothing');
}

/**
 * The copy dialog of spec 000 §2: name, host, technical host, client, dealership, phone
 * format, admin e-mail, from demo or official, type, colour scheme, locale, group, subdomain,
 * what else to copy (stages, redirects, SEO constants), automatic technical domain.
 */
export function CopySiteDialog({ site, open, onClose, onCopied }: { site: SiteRecord | null; open: boolean; onClose: () => void; onCopied?: (copy: SiteRecord) => void }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const [form] = Form.useForm();
  const [source, setSource] = useState<Source>(site ? 'site' : 'demo');
  const official = useOfficialSites(open);
  const options = useSiteOptions();
  const clients = useClientChoices();
  const groups = useRefOptions(siteGroupRef);
  const clientId = Form.useWatch('client_id', form) as number | undefined;
  const auto = Form.useWatch('auto_technical_host', form) as boolean | undefined;
  const name = Form.useWatch('name', form) as string | undefined;
  const dealers = useDealerChoices(clientId);
  const invalidate = useInvalidateSites();
  const staff = user?.internal === true;
  const domain = options.data?.technical_domain ?? 'localhost';

  const sources = useMemo(() => (official.data ?? []).filter((entry) => entry.attributes.type === (source === 'demo' ? 1 : 2)), [official.data, source]);
  const rule = (field: string) => (shape[field] ? [zodRule(shape[field]!, () => lang)] : []);

  const copy = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const { source_site_id: sourceId, subdomain, ...rest } = values;
      const from = source === 'site' ? site!.id : String(sourceId);
      const data = Object.fromEntries(Object.entries({ ...rest, subdomain: rest.auto_technical_host ? undefined : subdomain }).filter(([, value]) => value !== undefined && value !== ''));
      // The copy's second version: the source in the body, and what was copied in the answer.
      return api.request<{ data: SiteRecord; meta: { copied: SiteCopied } }>('POST', sitePath('sites/copy'), { body: { data: { ...data, source_site_id: Number(from) } } });
    },
    onSuccess: async ({ data: copied, meta }) => {
      const details = [copied.attributes.technical_host, copiedSummary(meta.copied, t)].filter(Boolean).join('. ');
      notify.success(t('copy.done', { name: copied.attributes.name }), details || undefined);
      await invalidate();
      form.resetFields();
      onCopied?.(copied);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields = Object.entries(error.fieldErrors()).filter(([field]) => field in shape || field === 'subdomain' || field === 'source_site_id');
        if (fields.length) return form.setFields(fields.map(([field, errors]) => ({ name: field === 'technical_host' && !form.getFieldValue('auto_technical_host') ? 'subdomain' : field, errors })));
      }
      notify.error(t('copy.failed'), errorTitle(error, lang));
    },
  });

  return (
    <FormModal
      open={open}
      title={site ? t('copy.title', { name: site.attributes.name }) : t('copy.title_new')}
      okText={t('copy.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={copy.isPending}
      width={720}
      destroyOnHidden
    >
      <GuardedForm
        form={form}
        layout="vertical"
        name="site-copy"
        disabled={copy.isPending}
        initialValues={{
          name: site ? t('copy.default_name', { name: site.attributes.name }) : '',
          client_id: site?.attributes.client_id ?? user?.client?.id,
          auto_technical_host: true,
          type: 3,
          locale: site?.attributes.locale ?? 'ru',
          color_scheme: site?.attributes.context.color_scheme ?? undefined,
          phone_format: site?.attributes.phone_format ?? undefined,
          admin_email: site?.attributes.admin_email ?? undefined,
          group_ids: site?.attributes.group_ids ?? [],
        }}
        onFinish={(values) => copy.mutate(values)}
      >
        <Form.Item label={t('copy.source')}>
          <Radio.Group
            value={source}
            onChange={(event) => setSource(event.target.value as Source)}
            optionType="button"
            options={[
              ...(site ? [{ value: 'site', label: t('copy.sources.site') }] : []),
              { value: 'demo', label: t('copy.sources.demo') },
              { value: 'official', label: t('copy.sources.official') },
            ]}
          />
        </Form.Item>
        {source !== 'site' && (
          <Form.Item name="source_site_id" label={t('copy.source_site')} rules={[{ required: true, message: translateRequired(lang) }]}>
            <Select
              loading={official.isFetching}
              aria-label={t('copy.source_site')}
              notFoundContent={t('copy.no_official')}
              options={sources.map((entry) => ({ value: entry.id, label: entry.attributes.name }))}
            />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('sites.fields.name')} rules={rule('name')} required>
              <Input aria-label={t('sites.fields.name')} />
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
            <Form.Item name="dealer_id" label={t('sites.fields.dealer_id')}>
              <Select aria-label={t('sites.fields.dealer_id')} allowClear showSearch={{ optionFilterProp: 'label' }} loading={dealers.isFetching} options={dealers.options} disabled={!dealers.allowed} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="auto_technical_host" label={t('copy.auto_technical_host')} valuePropName="checked">
              <Switch aria-label={t('copy.auto_technical_host')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {auto ? (
              <Form.Item label={t('sites.fields.technical_host')}>
                <Typography.Text code>{`${subdomainFrom(name ?? '') || '…'}.${domain}`}</Typography.Text>
              </Form.Item>
            ) : (
              <Form.Item name="subdomain" label={t('copy.subdomain')} rules={[{ required: true, message: translateRequired(lang) }]}>
                <Input aria-label={t('copy.subdomain')} suffix={`.${domain}`} />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone_format" label={t('sites.fields.phone_format')} rules={rule('phone_format')}>
              <Input aria-label={t('sites.fields.phone_format')} placeholder="+7 (XXX) XXX-XX-XX" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="admin_email" label={t('sites.fields.admin_email')} rules={rule('admin_email')}>
              <Input aria-label={t('sites.fields.admin_email')} type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="color_scheme" label={t('sites.fields.color_scheme')} rules={[colorSchemeRule(lang)]}>
              <AutoComplete aria-label={t('sites.fields.color_scheme')} options={(options.data?.color_schemes ?? []).map((value) => ({ value }))} allowClear />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="locale" label={t('sites.fields.locale')}>
              <Select aria-label={t('sites.fields.locale')} options={SITE_LOCALES.map((value) => ({ value, label: t(`common:languages.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="type" label={t('sites.fields.type')}>
              <Select aria-label={t('sites.fields.type')} disabled={!staff} options={SITE_TYPES.map((value) => ({ value, label: t(`sites.types.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="group_ids" label={t('sites.fields.group_ids')}>
              <Select aria-label={t('sites.fields.group_ids')} mode="multiple" allowClear options={groups.options} loading={groups.isFetching} disabled={!groups.allowed} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('copy.also')} extra={t('copy.also_hint')}>
          <Space wrap>
            <Form.Item name="copy_stages" valuePropName="checked" noStyle>
              <Checkbox>{t('copy.copy_stages')}</Checkbox>
            </Form.Item>
            <Form.Item name="copy_redirects" valuePropName="checked" noStyle>
              <Checkbox>{t('copy.copy_redirects')}</Checkbox>
            </Form.Item>
            <Form.Item name="copy_seo_constants" valuePropName="checked" noStyle>
              <Checkbox>{t('copy.copy_seo_constants')}</Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
      </GuardedForm>
    </FormModal>
  );
}

const translateRequired = (lang: Lang) => messages.required[lang];
