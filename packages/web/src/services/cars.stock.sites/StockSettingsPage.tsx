import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Switch, Tabs } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  hasPermission,
  LIST_VIEWS,
  smartContractLinkSchema,
  SOLD_PERIODS,
  SOLD_STRATEGIES,
  STOCK_KINDS,
  VEHICLE_TYPES,
  type Lang,
  type StockKind,
  type StockSettingsAttributes,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors, useSiteSettings, useStockSelects } from './stock-sites-api.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { zodRule } from '../../kit/rules.ts';

type Values = Pick<StockSettingsAttributes, 'root_catalog_id' | 'smart_contract_link' | 'new_settings' | 'used_settings' | 'viewed_favorites'>;

/** The smart contract link's check as the server makes it (empty is allowed: no link). */
const smartContractLinkRule = smartContractLinkSchema.nullable().optional();

/** The frame both settings screens share: header with refresh, loading, error and read-only states, Save. */
function SettingsFrame({ title, siteId, loading, error, retry, canSave, saving, formId, children }: { title: string; siteId: string; loading: boolean; error: unknown; retry: () => void; canSave: boolean; saving: boolean; formId: string; children: ReactNode }) {
  const { t } = useTranslation(['cars.stock.sites', 'common']);
  const site = useSite(siteId);
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={retry} />
            {canSave && <Button type="primary" htmlType="submit" form={formId} loading={saving}>{t('common:actions.save')}</Button>}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {error ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(error)} extra={<Button type="primary" onClick={retry}>{t('common:actions.retry')}</Button>} />
        ) : loading ? (
          <Skeleton active />
        ) : (
          <>
            {!canSave && <Alert type="info" showIcon title={t('settings.read_only')} style={{ marginBottom: 16 }} />}
            {children}
          </>
        )}
      </Card>
    </div>
  );
}

/** The fields of one kind of stock (new or used), named below `kind` in the form. */
function KindFields({ kind, siteId }: { kind: StockKind; siteId: string }) {
  const { t } = useTranslation('cars.stock.sites');
  const { pages, templates, query } = useStockSelects(siteId);
  const label = (field: string) => t(`settings.fields.${field}`);
  const choice = (field: string, values: readonly string[], group: string) => (
    <Form.Item name={[kind, field]} label={label(field)}>
      <Select aria-label={`${label(field)} (${t(`settings.tabs.${kind}`)})`} options={values.map((value) => ({ value, label: t(`${group}.${value}`) }))} />
    </Form.Item>
  );
  const pick = (field: string, options: { value: number; label: string }[]) => (
    <Form.Item name={[kind, field]} label={label(field)} extra={t(`settings.hints.${field}`)}>
      <Select aria-label={`${label(field)} (${t(`settings.tabs.${kind}`)})`} allowClear showSearch={{ optionFilterProp: 'label' }} loading={query.isFetching} options={options} placeholder={t('settings.none')} notFoundContent={t('settings.nothing_to_choose')} />
    </Form.Item>
  );
  const toggle = (path: string[], text: string) => (
    <Form.Item name={[kind, ...path]} label={text} valuePropName="checked">
      <Switch aria-label={`${text} (${t(`settings.tabs.${kind}`)})`} />
    </Form.Item>
  );
  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <h3 className="settings-section">{t('settings.sections.pages')}</h3>
        {pick('root_page_id', pages)}
        {pick('template_id', templates)}
        {pick('sold_template_id', templates)}
        {choice('vehicle_type', VEHICLE_TYPES, 'vehicle_types')}
        <h3 className="settings-section">{t('settings.sections.sold')}</h3>
        {choice('sold_period', SOLD_PERIODS, 'sold_periods')}
        {choice('sold_strategy', SOLD_STRATEGIES, 'sold_strategies')}
      </Col>
      <Col xs={24} lg={12}>
        <h3 className="settings-section">{t('settings.sections.visual')}</h3>
        <Form.Item name={[kind, 'visual_settings', 'list_view']} label={label('list_view')}>
          <Select aria-label={`${label('list_view')} (${t(`settings.tabs.${kind}`)})`} options={LIST_VIEWS.map((value) => ({ value, label: t(`list_views.${value}`) }))} />
        </Form.Item>
        <Form.Item name={[kind, 'visual_settings', 'cards_per_row']} label={label('cards_per_row')} rules={[{ required: true, type: 'integer', min: 2, max: 4, message: t('settings.cards_rule') }]}>
          <InputNumber aria-label={`${label('cards_per_row')} (${t(`settings.tabs.${kind}`)})`} min={2} max={4} precision={0} />
        </Form.Item>
        {toggle(['visual_settings', 'show_labels'], label('show_labels'))}
        {toggle(['visual_settings', 'show_discount_price'], label('show_discount_price'))}
        {toggle(['visual_settings', 'show_dealer'], label('show_dealer'))}
        <h3 className="settings-section">{t('settings.sections.urls')}</h3>
        {toggle(['friendly_url', 'enabled'], label('friendly_url'))}
        {toggle(['friendly_url', 'with_year'], label('friendly_url_year'))}
      </Col>
    </Row>
  );
}

/**
 * /cars.stock.sites/settings/{siteId} (spec 001 §2, §3 "Stock settings", §7 "smart_contract_link"):
 * the root catalogue page, the smart contract link, and per tab (new, used) the root page,
 * templates, sold period and strategy, how the list looks and the cars' addresses. Saved
 * together; the server's messages land on their fields.
 */
export default function StockSettingsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.stock.sites', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const canSave = hasPermission(user?.permissions ?? {}, 'cars.stock.sites', 'stock_settings.patch');
  const { query, save, settings } = useSiteSettings<StockSettingsAttributes>('cars.stock.sites', 'settings', siteId);
  const { pages } = useStockSelects(siteId);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (settings) form.setFieldsValue({ root_catalog_id: settings.root_catalog_id, smart_contract_link: settings.smart_contract_link, new_settings: settings.new_settings, used_settings: settings.used_settings });
  }, [settings, form]);
  const submit = (values: Values) =>
    save.mutate(
      { root_catalog_id: values.root_catalog_id ?? null, smart_contract_link: values.smart_contract_link?.trim() || null, new_settings: values.new_settings, used_settings: values.used_settings },
      { onSuccess: () => notify.success(t('common:notices.saved')), onError: (error) => showSaveErrors(error, lang, form.setFields as never) },
    );
  const title = t('settings.title');
  return (
    <SettingsFrame title={title} siteId={siteId} loading={query.isLoading} error={query.isError ? query.error : null} retry={() => void query.refetch()} canSave={canSave} saving={save.isPending} formId="stock-settings">
      <GuardedForm<Values> form={form} id="stock-settings" name="stock-settings" layout="vertical" onFinish={submit} disabled={!canSave || save.isPending}>
        <Form.Item name="root_catalog_id" label={t('settings.fields.root_catalog_id')} extra={t('settings.hints.root_catalog_id')} style={{ maxWidth: 560 }}>
          <Select aria-label={t('settings.fields.root_catalog_id')} allowClear showSearch={{ optionFilterProp: 'label' }} options={pages} placeholder={t('settings.none')} notFoundContent={t('settings.nothing_to_choose')} />
        </Form.Item>
        <Form.Item name="smart_contract_link" label={t('settings.fields.smart_contract_link')} extra={t('settings.hints.smart_contract_link')} rules={[zodRule(smartContractLinkRule, () => lang)]} style={{ maxWidth: 560 }}>
          <Input inputMode="url" autoComplete="off" allowClear maxLength={2000} placeholder="https://…/{vin}" />
        </Form.Item>
        <Tabs items={STOCK_KINDS.map((kind) => ({ key: kind, label: t(`settings.tabs.${kind}`), forceRender: true, children: <KindFields kind={kind} siteId={siteId} /> }))} />
      </GuardedForm>
    </SettingsFrame>
  );
}

/**
 * /cars.stock.sites/viewed_favorites/{siteId}/ (decided): whether the site keeps its visitors'
 * viewed cars and favorites, how many and for how many days.
 */
export function ViewedFavoritesPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.stock.sites', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const canSave = hasPermission(user?.permissions ?? {}, 'cars.stock.sites', 'stock_settings.patch');
  const { query, save, settings } = useSiteSettings<StockSettingsAttributes>('cars.stock.sites', 'settings', siteId);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (settings) form.setFieldsValue({ viewed_favorites: settings.viewed_favorites });
  }, [settings, form]);
  const submit = (values: Values) =>
    save.mutate({ viewed_favorites: values.viewed_favorites }, { onSuccess: () => notify.success(t('common:notices.saved')), onError: (error) => showSaveErrors(error, lang, form.setFields as never) });
  const number = (field: string, max: number) => (
    <Form.Item name={['viewed_favorites', field]} label={t(`viewed.fields.${field}`)} rules={[{ required: true, type: 'integer', min: 1, max, message: t('viewed.range', { max }) }]}>
      <InputNumber aria-label={t(`viewed.fields.${field}`)} min={1} max={max} precision={0} />
    </Form.Item>
  );
  const part = (prefix: 'viewed' | 'favorites', maxCount: number) => (
    <Col xs={24} md={12}>
      <h3 className="settings-section">{t(`viewed.sections.${prefix}`)}</h3>
      <Form.Item name={['viewed_favorites', `${prefix}_enabled`]} label={t(`viewed.fields.${prefix}_enabled`)} valuePropName="checked">
        <Switch aria-label={t(`viewed.fields.${prefix}_enabled`)} />
      </Form.Item>
      {number(`${prefix}_max_count`, maxCount)}
      {number(`${prefix}_lifetime_days`, 365)}
    </Col>
  );
  return (
    <SettingsFrame title={t('viewed.title')} siteId={siteId} loading={query.isLoading} error={query.isError ? query.error : null} retry={() => void query.refetch()} canSave={canSave} saving={save.isPending} formId="viewed-favorites">
      <GuardedForm<Values> form={form} id="viewed-favorites" name="viewed-favorites" layout="vertical" onFinish={submit} disabled={!canSave || save.isPending}>
        <p className="settings-intro">{t('viewed.intro')}</p>
        <Row gutter={24}>
          {part('viewed', 100)}
          {part('favorites', 200)}
        </Row>
      </GuardedForm>
    </SettingsFrame>
  );
}
