import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Drawer, Empty, Grid, Result, Select, Space, Typography } from 'antd';
import { ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, redirectResource, REDIRECT_CREATED_TYPES, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { useSite } from '../sites.context/site-api.ts';
import { ImportRedirectsDialog } from './ImportRedirectsDialog.tsx';
import { RedirectForm } from './RedirectForm.tsx';
import { seoPath, useInvalidateSeo, useSiteList, type RedirectAttributes } from './seo-api.ts';
import './seo.css';
import { FormDrawer } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

const resource = redirectResource as unknown as AnyResource;
type Row = JsonApiRecord<RedirectAttributes>;

/**
 * /seo/sites/{siteId}/redirects: the site's redirects — searched, filtered by code and origin,
 * paged on the server — made and changed in a drawer, deleted after a confirmation, and imported
 * from a CSV or XLSX file with a preview of every row first.
 */
export default function RedirectsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['seo', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const list = useSiteList<RedirectAttributes>(resource, siteId);
  const invalidate = useInvalidateSeo(resource);
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState(list.filters.search ?? '');
  useEffect(() => setSearch(list.filters.search ?? ''), [list.filters.search]);
  const permissions = user?.permissions ?? {};
  const canCreate = hasPermission(permissions, 'seo', 'redirects.create');
  const canUpdate = hasPermission(permissions, 'seo', 'redirects.patch');
  const canDelete = hasPermission(permissions, 'seo', 'redirects.delete');

  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(seoPath(`redirects/${record.id}`)),
    onSuccess: async (_data, record) => {
      notify.success(t('common:notices.deleted'), `${record.attributes.from_uri} → ${record.attributes.to_uri}`);
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const extras = useMemo(
    () => ({
      cellRenderers: {
        to_uri: (value: unknown, record: JsonApiRecord<Record<string, unknown>>) => (
          <Typography.Text ellipsis={{ tooltip: String(value) }} className="cell-text">
            {String(value)}
            {record.attributes.to_page_id ? <Typography.Text type="secondary"> · {t('redirects.page_mark')}</Typography.Text> : null}
          </Typography.Text>
        ),
      },
    }),
    [t],
  );

  const create = () => setEditing({ record: null });
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create}>
      {t('redirects.create')}
    </Button>
  );
  const empty = list.hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
      <Button onClick={list.resetFilters}>{t('common:actions.reset_filters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('redirects.empty')}>
      {canCreate && (
        <Space wrap>
          {createButton}
          <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)}>{t('redirects.import')}</Button>
        </Space>
      )}
    </Empty>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('redirects.title')}
        documentTitle={t('redirects.title')}
        subtitle={site.data?.site.attributes.name}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {canCreate && <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)}>{t('redirects.import')}</Button>}
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            value={search}
            placeholder={t('redirects.filters.search')}
            aria-label={t('redirects.filters.search')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.change({ filters: { search: value.trim() || null } }, { replace: true })}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            placeholder={t('redirects.filters.code')}
            aria-label={t('redirects.filters.code')}
            value={list.filters.code}
            onChange={(value) => list.change({ filters: { code: value ?? null } })}
            options={['301', '302'].map((value) => ({ value, label: value }))}
            style={{ minWidth: 140 }}
          />
          <Select
            allowClear
            placeholder={t('redirects.filters.created_type')}
            aria-label={t('redirects.filters.created_type')}
            value={list.filters.created_type}
            onChange={(value) => list.change({ filters: { created_type: value ?? null } })}
            options={REDIRECT_CREATED_TYPES.map((value) => ({ value, label: t(`created_types.${value}`) }))}
            style={{ minWidth: 180 }}
          />
        </Space>
        {list.query.isError && !list.query.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.query.error)} extra={<Button type="primary" onClick={() => void list.query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <ResourceListExtras.Provider value={extras}>
            <ResourceTable
              resource={resource}
              records={list.records as unknown as JsonApiRecord<Record<string, unknown>>[]}
              included={list.included}
              loading={list.query.isFetching}
              page={list.page}
              size={list.size}
              total={list.total}
              sort={list.sort}
              onPage={(page, size) => list.change(size !== list.size ? { size } : { page })}
              onSort={(sort) => list.change({ sort })}
              onEdit={canUpdate ? (record) => setEditing({ record: record as unknown as Row }) : undefined}
              onDelete={canDelete ? (record) => remove.mutateAsync(record as unknown as Row).catch(() => undefined) : undefined}
              empty={list.query.isLoading ? <span /> : empty}
            />
          </ResourceListExtras.Provider>
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('redirects.edit_title', { from: editing.record.attributes.from_uri }) : t('redirects.create_title')}
        size={screens.sm === false ? '100%' : 560}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && <RedirectForm key={editing.record?.id ?? 'new'} siteId={siteId} record={editing.record} lang={lang} footer={footer} onDone={() => setEditing(null)} />}
      </FormDrawer>
      {importing && <ImportRedirectsDialog siteId={siteId} onClose={() => setImporting(false)} />}
    </div>
  );
}
