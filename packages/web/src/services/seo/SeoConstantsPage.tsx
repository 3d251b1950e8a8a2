import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import { Button, Card, Drawer, Empty, Form, Grid, Input, Result, Space } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, seoConstantResource, seoPlaceholder, type AnyResource, type JsonApiRecord, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { zodRule } from '../../kit/rules.ts';
import { useSite } from '../sites.context/site-api.ts';
import { seoPath, useInvalidateSeo, useSiteList } from './seo-api.ts';
import './seo.css';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

interface Constant {
  placeholder: string;
  value: string;
}
type Row = JsonApiRecord<Record<string, unknown>>;
const resource = seoConstantResource as unknown as AnyResource;
const shape = seoConstantResource.create.shape;

/** A constant's form: placeholder (Latin letters and _) and the value put in its place. */
function ConstantForm({ siteId, record, lang, footer, onDone }: { siteId: string; record: Row | null; lang: () => Lang; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(['seo', 'common']);
  const [form] = Form.useForm<Constant>();
  const invalidate = useInvalidateSeo(resource);
  const initial = record ? (record.attributes as unknown as Constant) : undefined;
  const save = useMutation({
    mutationFn: (values: Constant) => {
      const attributes = record ? Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== initial?.[key as keyof Constant])) : { site_id: Number(siteId), ...values };
      return record ? api.patch(seoPath(`seo_constants/${record.id}`), { type: 'seo_constants', id: record.id, attributes }) : api.post(seoPath('seo_constants'), { type: 'seo_constants', attributes });
    },
    onSuccess: async () => {
      await invalidate();
      notify.success(t(record ? 'common:notices.saved' : 'common:notices.created'));
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) return notify.error(errorTitle(error, lang()));
      const fields = Object.entries(error.fieldErrors()).filter(([name]) => name === 'placeholder' || name === 'value');
      if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof Constant, errors })));
      else notify.error(error.title);
    },
  });
  const actions = (
    <Space>
      <Button type="primary" htmlType="submit" form="seo-constant" loading={save.isPending}>{record ? t('common:actions.save') : t('common:actions.create')}</Button>
      <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
    </Space>
  );
  return (
    <GuardedForm<Constant> form={form} id="seo-constant" name="seo-constant" layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} disabled={save.isPending}>
      <Form.Item name="placeholder" label={t('seo_constants.fields.placeholder')} required rules={[zodRule(seoPlaceholder(), lang)]} extra={t('constants.placeholder_hint')}>
        <Input aria-label={t('seo_constants.fields.placeholder')} placeholder="CITY" autoComplete="off" />
      </Form.Item>
      <Form.Item name="value" label={t('seo_constants.fields.value')} required rules={[zodRule(shape.value, lang)]}>
        <Input.TextArea rows={4} maxLength={5000} showCount aria-label={t('seo_constants.fields.value')} />
      </Form.Item>
      {footer ? createPortal(actions, footer) : actions}
    </GuardedForm>
  );
}

/**
 * /seo/sites/{siteId}/constants: the site's SEO constants (spec 000 §3, §5) — a placeholder the
 * SEO texts use and the value the site puts in its place — searched, made, changed and deleted.
 */
export default function SeoConstantsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['seo', 'common']);
  const lang = (): Lang => (i18n.language === 'en' ? 'en' : 'ru');
  const { user } = useSession();
  const site = useSite(siteId);
  const list = useSiteList<Record<string, unknown>>(resource, siteId);
  const invalidate = useInvalidateSeo(resource);
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState(list.filters.search ?? '');
  useEffect(() => setSearch(list.filters.search ?? ''), [list.filters.search]);
  const permissions = user?.permissions ?? {};
  const canCreate = hasPermission(permissions, 'seo', 'seo_constants.create');
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(seoPath(`seo_constants/${record.id}`)),
    onSuccess: async (_data, record) => {
      notify.success(t('common:notices.deleted'), String(record.attributes.placeholder));
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>{t('constants.create')}</Button>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('constants.title')}
        subtitle={site.data?.site.attributes.name}
        documentTitle={t('constants.title')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap className="resource-filters">
          <SearchInput allowClear value={search} placeholder={t('seo_constants.filters.search')} aria-label={t('seo_constants.filters.search')} onChange={(event) => setSearch(event.target.value)} onSearch={(value) => list.change({ filters: { search: value.trim() || null } }, { replace: true })} style={{ width: 280 }} />
        </Space>
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
            onEdit={hasPermission(permissions, 'seo', 'seo_constants.patch') ? (record) => setEditing({ record }) : undefined}
            onDelete={hasPermission(permissions, 'seo', 'seo_constants.delete') ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
            empty={
              list.query.isLoading ? <span /> : list.hasFilters ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}><Button onClick={list.resetFilters}>{t('common:actions.reset_filters')}</Button></Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('constants.empty')}>{createButton}</Empty>
              )
            }
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('seo_constants.edit_title', { name: String(editing.record.attributes.placeholder) }) : t('seo_constants.create_title')}
        size={screens.sm === false ? '100%' : 520}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && <ConstantForm key={editing.record?.id ?? 'new'} siteId={siteId} record={editing.record} lang={lang} footer={footer} onDone={() => setEditing(null)} />}
      </FormDrawer>
    </div>
  );
}
