import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import { Button, Card, Drawer, Empty, Form, Grid, Input, InputNumber, Result, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  auditResource,
  CUSTOM_FILTER_FIELD_NAMES,
  customFilterResource,
  filterTypesOf,
  hasPermission,
  showroomPageResource,
  type AnyResource,
  type CustomFilterField,
  type JsonApiRecord,
  type Lang,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { LEVELS, LevelSelect } from '../cars.stock/CarEditPage.tsx';
import { showSaveErrors, useSiteResourceList, useStockSelects } from './stock-sites-api.ts';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

type Row = JsonApiRecord<Record<string, unknown>>;
type Values = Record<string, unknown>;
type FormProps = { siteId: string; record: Row | null; lang: Lang; footer: HTMLElement | null; onDone: () => void };

/**
 * A site's list of one site-owned resource with a drawer form: header with Create, the server-paged
 * table, delete with confirmation, empty and error states. Written with stock_settings.patch.
 */
function SiteRecordsPage({ resource, title, emptyText, createText, renderForm }: { resource: AnyResource; title: string; emptyText: string; createText: string; renderForm: (props: FormProps) => ReactNode }) {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.stock.sites', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const list = useSiteResourceList<Record<string, unknown>>(resource, siteId);
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const canWrite = hasPermission(user?.permissions ?? {}, 'cars.stock.sites', 'stock_settings.patch');
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(gatewayPath(resource.service, `${resource.name}/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const createButton = canWrite && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>{createText}</Button>
  );
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {list.query.isError && !list.query.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.query.error)} extra={<Button type="primary" onClick={() => void list.query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <ResourceTable
            resource={resource}
            records={list.records}
            included={list.included}
            loading={list.query.isFetching}
            page={list.page}
            size={list.size}
            total={list.total}
            sort={list.sort}
            onPage={(page, size) => list.change(size !== list.size ? { size } : { page })}
            onSort={(sort) => list.change({ sort })}
            onEdit={canWrite ? (record) => setEditing({ record }) : undefined}
            onDelete={canWrite ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
            empty={list.query.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>{createButton}</Empty>}
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('common:actions.edit') : createText}
        size={screens.sm === false ? '100%' : 640}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && renderForm({ siteId, record: editing.record, lang, footer, onDone: () => setEditing(null) })}
      </FormDrawer>
    </div>
  );
}

/** Create or change one record; the list and the audit trail refetch, the server's messages go to their fields. */
function useSaveRecord(resource: AnyResource, siteId: string, record: Row | null, onDone: () => void, lang: Lang, setFields: Parameters<typeof showSaveErrors>[2]) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attributes: Values) =>
      record
        ? api.patch(gatewayPath(resource.service, `${resource.name}/${record.id}`), { type: resource.name, id: record.id, attributes })
        : api.post(gatewayPath(resource.service, resource.name), { type: resource.name, attributes: { site_id: Number(siteId), ...attributes } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.resource(resource).all }), client.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
      notify.success(t(record ? 'notices.saved' : 'notices.created'));
      onDone();
    },
    onError: (error) => showSaveErrors(error, lang, setFields),
  });
}

function FormActions({ footer, formId, saving, onDone, isNew }: { footer: HTMLElement | null; formId: string; saving: boolean; onDone: () => void; isNew: boolean }) {
  const { t } = useTranslation('common');
  const actions = (
    <Space>
      <Button type="primary" htmlType="submit" form={formId} loading={saving}>{isNew ? t('actions.create') : t('actions.save')}</Button>
      <Button onClick={onDone}>{t('actions.cancel')}</Button>
    </Space>
  );
  return footer ? createPortal(actions, footer) : actions;
}

const PICKERS = LEVELS.slice(0, 5);

/** A showroom page: brand → model → generation → restyling (→ equipment) picked in cascade, a page of the site, an external reference. */
function ShowroomPageForm({ siteId, record, lang, footer, onDone }: FormProps) {
  const { t } = useTranslation('cars.stock.sites');
  const [form] = Form.useForm<Values>();
  const { pages } = useStockSelects(siteId);
  const save = useSaveRecord(showroomPageResource as unknown as AnyResource, siteId, record, onDone, lang, form.setFields as never);
  const initial = record ? { ...record.attributes } : {};
  const values = Form.useWatch([], form) ?? initial;
  const label = (field: string) => t(`showroom_pages.fields.${field}`);
  const submit = (next: Values) =>
    save.mutate({ restyling_id: next.restyling_id, complectation_id: next.complectation_id ?? null, page_id: next.page_id, external_id: typeof next.external_id === 'string' && next.external_id.trim() ? next.external_id.trim() : null });
  return (
    <GuardedForm<Values> form={form} id="showroom-page" name="showroom-page" layout="vertical" initialValues={initial} onFinish={submit} disabled={save.isPending}>
      {PICKERS.map((level, index) => {
        const parent = index > 0 ? values[PICKERS[index - 1]!.field] : undefined;
        const required = level.field !== 'complectation_id';
        return (
          <Form.Item key={level.field} name={level.field} label={label(level.field)} required={required} rules={required ? [{ required: true, message: t('showroom_pages.required', { field: label(level.field) }) }] : []}>
            <LevelSelect
              level={level}
              parent={parent}
              label={label(level.field)}
              onChange={(next) => form.setFieldsValue({ [level.field]: next ?? undefined, ...Object.fromEntries(PICKERS.slice(index + 1).map((below) => [below.field, undefined])) })}
            />
          </Form.Item>
        );
      })}
      <Form.Item name="page_id" label={label('page_id')} required rules={[{ required: true, message: t('showroom_pages.required', { field: label('page_id') }) }]}>
        <Select aria-label={label('page_id')} showSearch={{ optionFilterProp: 'label' }} options={pages} notFoundContent={t('settings.nothing_to_choose')} />
      </Form.Item>
      <Form.Item name="external_id" label={label('external_id')} extra={t('showroom_pages.external_hint')}>
        <Input aria-label={label('external_id')} maxLength={255} />
      </Form.Item>
      <FormActions footer={footer} formId="showroom-page" saving={save.isPending} onDone={onDone} isNew={!record} />
    </GuardedForm>
  );
}

/** A group of custom filters: titles, order, and its filters (title, car field, a control that fits the field). */
function CustomFilterForm({ siteId, record, lang, footer, onDone }: FormProps) {
  const { t } = useTranslation('cars.stock.sites');
  const [form] = Form.useForm<Values>();
  const save = useSaveRecord(customFilterResource as unknown as AnyResource, siteId, record, onDone, lang, form.setFields as never);
  const initial = record ? { ...record.attributes } : { sort: 0, filters: [] };
  const label = (field: string) => t(`custom_filters.fields.${field}`);
  const submit = (next: Values) => {
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const filters = ((next.filters as Values[] | undefined) ?? []).map((filter) => ({ title_ru: String(filter.title_ru ?? '').trim(), title_en: text(filter.title_en), field: filter.field, type: filter.type }));
    save.mutate({ title_ru: String(next.title_ru ?? '').trim(), title_en: text(next.title_en), sort: next.sort ?? 0, filters });
  };
  return (
    <GuardedForm<Values> form={form} id="custom-filter" name="custom-filter" layout="vertical" initialValues={initial} onFinish={submit} disabled={save.isPending}>
      <Form.Item name="title_ru" label={label('title_ru')} required rules={[{ required: true, whitespace: true, message: t('custom_filters.title_required') }]}>
        <Input aria-label={label('title_ru')} maxLength={100} />
      </Form.Item>
      <Form.Item name="title_en" label={label('title_en')}>
        <Input aria-label={label('title_en')} maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={label('sort')}>
        <InputNumber aria-label={label('sort')} min={0} max={1_000_000} precision={0} />
      </Form.Item>
      <h3 className="settings-section">{label('filters')}</h3>
      <Form.List name="filters">
        {(items, { add, remove }) => (
          <div>
            {items.map((item) => (
              <Form.Item key={item.key} noStyle shouldUpdate>
                {() => {
                  const field = form.getFieldValue(['filters', item.name, 'field']) as CustomFilterField | undefined;
                  return (
                    <Space align="start" wrap data-testid="custom-filter-row">
                      <Form.Item name={[item.name, 'title_ru']} rules={[{ required: true, whitespace: true, message: t('custom_filters.title_required') }]}>
                        <Input aria-label={label('filter_title_ru')} placeholder={label('filter_title_ru')} style={{ width: 150 }} maxLength={100} />
                      </Form.Item>
                      <Form.Item name={[item.name, 'title_en']}>
                        <Input aria-label={label('filter_title_en')} placeholder={label('filter_title_en')} style={{ width: 140 }} maxLength={100} />
                      </Form.Item>
                      <Form.Item name={[item.name, 'field']} rules={[{ required: true, message: t('custom_filters.field_required') }]}>
                        <Select
                          aria-label={label('field')}
                          placeholder={label('field')}
                          style={{ width: 180 }}
                          options={CUSTOM_FILTER_FIELD_NAMES.map((value) => ({ value, label: t(`custom_filters.car_fields.${value}`) }))}
                          onChange={(next: CustomFilterField) => form.setFieldValue(['filters', item.name, 'type'], filterTypesOf(next)[0])}
                        />
                      </Form.Item>
                      <Form.Item name={[item.name, 'type']} rules={[{ required: true, message: t('custom_filters.field_required') }]}>
                        <Select aria-label={label('type')} placeholder={label('type')} style={{ width: 170 }} disabled={!field} options={(field ? filterTypesOf(field) : []).map((value) => ({ value, label: t(`custom_filters.types.${value}`) }))} />
                      </Form.Item>
                      <IconButton type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={t('custom_filters.remove_filter')} onClick={() => remove(item.name)} />
                    </Space>
                  );
                }}
              </Form.Item>
            ))}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>{t('custom_filters.add_filter')}</Button>
          </div>
        )}
      </Form.List>
      <FormActions footer={footer} formId="custom-filter" saving={save.isPending} onDone={onDone} isNew={!record} />
    </GuardedForm>
  );
}

/** /cars.stock.sites/showroom_pages/{siteId}: the pages of the site that present each restyling. */
export function ShowroomPagesPage() {
  const { t } = useTranslation('cars.stock.sites');
  return <SiteRecordsPage resource={showroomPageResource as unknown as AnyResource} title={t('showroom_pages.title')} emptyText={t('showroom_pages.empty')} createText={t('showroom_pages.create')} renderForm={(props) => <ShowroomPageForm key={props.record?.id ?? 'new'} {...props} />} />;
}

/** /cars.stock.sites/custom_filters/{siteId}: groups of the filters the site's car lists offer. */
export function CustomFiltersPage() {
  const { t } = useTranslation('cars.stock.sites');
  return <SiteRecordsPage resource={customFilterResource as unknown as AnyResource} title={t('custom_filters.title')} emptyText={t('custom_filters.empty')} createText={t('custom_filters.create')} renderForm={(props) => <CustomFilterForm key={props.record?.id ?? 'new'} {...props} />} />;
}
