import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { counterId, COUNTER_TYPES, hasPermission, seoConfigResource, t as message, verificationCode, VERIFICATION_PROVIDERS, type AnyResource, type JsonApiList, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { zodRule } from '../../kit/rules.ts';
import { useSite } from '../sites.context/site-api.ts';
import { pointerToName } from '../floors.storage/floor-values.ts';
import { seoPath, useInvalidateSeo } from './seo-api.ts';
import './seo.css';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

interface Config {
  site_map_mode: 1 | 2;
  robots_mode: 1 | 2;
  site_map: string | null;
  robots: string | null;
  verification_codes: { provider: string; code: string }[];
  counters: { type: string; id: string }[];
}
const resource = seoConfigResource as unknown as AnyResource;
const DEFAULTS: Config = { site_map_mode: 2, robots_mode: 2, site_map: null, robots: null, verification_codes: [], counters: [] };
const MANUAL = 1;

/** A manual mode's contents: required there (the server says so too), free in the automatic mode. */
function contentsRule(mode: 'site_map_mode' | 'robots_mode', lang: () => Lang) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (getFieldValue(mode) === MANUAL && !(typeof value === 'string' && value.trim())) throw new Error(message('seo_content_required', lang()));
    },
  });
}

/**
 * /seo/sites/{siteId}/seo_config: the site's SEO settings — site map and robots.txt made
 * automatically (2) or typed here (1, manual), search engines' verification codes and counters.
 * A site without settings uses the automatic modes until the first save creates them.
 */
export default function SeoConfigPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['seo', 'common']);
  const lang = (): Lang => (i18n.language === 'en' ? 'en' : 'ru');
  const { user } = useSession();
  const site = useSite(siteId);
  const [form] = Form.useForm<Config>();
  const invalidate = useInvalidateSeo(resource);
  const canSave = hasPermission(user?.permissions ?? {}, 'seo', 'seo_configs.patch');
  const config = useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: async ({ signal }) => (await api.list<Config>(seoPath('seo_configs'), { 'filter[site_id]': siteId }, signal)) as JsonApiList<Config>,
  });
  const record = config.data?.data[0] ?? null;
  const initial = useMemo<Config>(() => (record ? { ...DEFAULTS, ...record.attributes } : DEFAULTS), [record]);
  useEffect(() => form.resetFields(), [initial, form]);
  const siteMapMode = Form.useWatch('site_map_mode', form);
  const robotsMode = Form.useWatch('robots_mode', form);

  const save = useMutation({
    mutationFn: (attributes: Partial<Config>) =>
      record ? api.patch(seoPath(`seo_configs/${record.id}`), { type: 'seo_configs', id: record.id, attributes }) : api.post(seoPath('seo_configs'), { type: 'seo_configs', attributes: { site_id: Number(siteId), ...attributes } }),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      if (!isApiError(error)) return notify.error(errorTitle(error, lang()));
      const fields = error.errors.flatMap((entry) => {
        const name = pointerToName(entry.source?.pointer);
        return name ? [{ name, errors: [entry.title] }] : [];
      });
      if (fields.length) form.setFields(fields as never);
      else notify.error(error.title);
    },
  });

  const submit = (values: Config) => {
    const next: Config = {
      ...values,
      site_map: values.site_map?.trim() ? values.site_map : null,
      robots: values.robots?.trim() ? values.robots : null,
      verification_codes: values.verification_codes ?? [],
      counters: values.counters ?? [],
    };
    const changed = Object.fromEntries(Object.entries(next).filter(([key, value]) => !record || JSON.stringify(value) !== JSON.stringify(initial[key as keyof Config])));
    if (record && Object.keys(changed).length === 0) return notify.info(t('common:notices.unchanged'), undefined, 'form-unchanged');
    save.mutate(changed);
  };

  if (config.isError) {
    return (
      <div className="page">
        <PageHeader title={t('config.title')} />
        <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(config.error)} extra={<Button icon={<ReloadOutlined aria-hidden />} onClick={() => void config.refetch()}>{t('common:actions.retry')}</Button>} />
      </div>
    );
  }

  const modes = [
    { value: 2, label: t('modes.2') },
    { value: 1, label: t('modes.1') },
  ];
  return (
    <div className="page seo-config">
      <PageHeader title={t('config.title')} subtitle={site.data?.site.attributes.name} />
      {config.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <GuardedForm<Config> form={form} layout="vertical" name="seo-config" initialValues={initial} onFinish={submit} disabled={!canSave || save.isPending} scrollToFirstError>
          {!record && <Alert type="info" showIcon title={t('config.not_saved')} className="seo-config__notice" />}
          {!canSave && <Alert type="info" showIcon title={t('config.read_only')} className="seo-config__notice" />}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('config.site_map')}>
                <Form.Item name="site_map_mode" label={t('config.mode')}>
                  <Radio.Group options={modes} optionType="button" buttonStyle="solid" aria-label={`${t('config.site_map')}: ${t('config.mode')}`} />
                </Form.Item>
                <Typography.Paragraph type="secondary">{t(siteMapMode === MANUAL ? 'config.site_map_manual' : 'config.site_map_auto')}</Typography.Paragraph>
                {siteMapMode === MANUAL && (
                  <Form.Item name="site_map" label={t('config.site_map_contents')} required dependencies={['site_map_mode']} rules={[contentsRule('site_map_mode', lang)]}>
                    <Input.TextArea rows={10} className="seo-config__code" placeholder={'<?xml version="1.0" encoding="UTF-8"?>\n<urlset …>'} aria-label={t('config.site_map_contents')} />
                  </Form.Item>
                )}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('config.robots')}>
                <Form.Item name="robots_mode" label={t('config.mode')}>
                  <Radio.Group options={modes} optionType="button" buttonStyle="solid" aria-label={`${t('config.robots')}: ${t('config.mode')}`} />
                </Form.Item>
                <Typography.Paragraph type="secondary">{t(robotsMode === MANUAL ? 'config.robots_manual' : 'config.robots_auto')}</Typography.Paragraph>
                {robotsMode === MANUAL && (
                  <Form.Item name="robots" label={t('config.robots_contents')} required dependencies={['robots_mode']} rules={[contentsRule('robots_mode', lang)]}>
                    <Input.TextArea rows={10} className="seo-config__code" placeholder={'User-agent: *\nDisallow: /search'} aria-label={t('config.robots_contents')} />
                  </Form.Item>
                )}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('config.verification')}>
                <Typography.Paragraph type="secondary">{t('config.verification_hint')}</Typography.Paragraph>
                <Form.List name="verification_codes">
                  {(items, { add, remove }) => (
                    <>
                      {items.map((item) => (
                        <Space key={item.key} align="start" wrap className="seo-config__line">
                          <Form.Item name={[item.name, 'provider']} rules={[{ required: true, message: message('required', lang()) }]}>
                            <Select style={{ width: 180 }} aria-label={t('config.provider')} options={VERIFICATION_PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) }))} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'code']} rules={[zodRule(verificationCode(), lang)]} className="seo-config__value">
                            <Input aria-label={t('config.code')} placeholder={t('config.code')} autoComplete="off" />
                          </Form.Item>
                          <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('config.remove')} onClick={() => remove(item.name)} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={items.length >= 10} onClick={() => add({ provider: 'yandex', code: '' })}>
                        {t('config.add_code')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('config.counters')}>
                <Typography.Paragraph type="secondary">{t('config.counters_hint')}</Typography.Paragraph>
                <Form.List name="counters">
                  {(items, { add, remove }) => (
                    <>
                      {items.map((item) => (
                        <Space key={item.key} align="start" wrap className="seo-config__line">
                          <Form.Item name={[item.name, 'type']} rules={[{ required: true, message: message('required', lang()) }]}>
                            <Select style={{ width: 220 }} aria-label={t('config.counter_type')} options={COUNTER_TYPES.map((value) => ({ value, label: t(`counter_types.${value}`) }))} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'id']} rules={[zodRule(counterId(), lang)]} className="seo-config__value">
                            <Input aria-label={t('config.counter_id')} placeholder={t('config.counter_id')} autoComplete="off" />
                          </Form.Item>
                          <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('config.remove')} onClick={() => remove(item.name)} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={items.length >= 10} onClick={() => add({ type: 'yandex_metrika', id: '' })}>
                        {t('config.add_counter')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            </Col>
          </Row>
          {canSave && (
            <div className="form-actions form-actions--sticky">
              <Button type="primary" htmlType="submit" loading={save.isPending}>{t('common:actions.save')}</Button>
            </div>
          )}
        </GuardedForm>
      )}
    </div>
  );
}
