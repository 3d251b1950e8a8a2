import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Result, Select, Space, Tag } from 'antd';
import { PlusOutlined, PushpinFilled, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, NEWS_AUDIENCES, opNewsResource, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { useResourceList } from '../../kit/useResourceList.ts';
import { NEWS_CREATE_PATH, newsEditPath, newsPath, useInvalidateNews } from './news-api.ts';

const resource = opNewsResource as unknown as AnyResource;
type Row = JsonApiRecord<Record<string, unknown>>;

/**
 * /platform/news: the platform's news for staff — searchable, filtered by state and audience,
 * sorted by any date; a row opens its editor, deletion is confirmed.
 */
export default function NewsPage() {
  const { t } = useTranslation(['platform', 'common']);
  const navigate = useNavigate();
  const { user } = useSession();
  const list = useResourceList<Record<string, unknown>>(resource);
  const invalidate = useInvalidateNews();
  const [search, setSearch] = useState(list.filters.search ?? '');
  const permissions = user?.permissions ?? {};
  const canCreate = hasPermission(permissions, 'platform', 'op_news.create');
  const canPatch = hasPermission(permissions, 'platform', 'op_news.patch');

  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(newsPath(`/${record.id}`)),
    onSuccess: async (_data, record) => {
      notify.success(t('common:notices.deleted'), String(record.attributes.title_ru));
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const extras = useMemo(
    () => ({
      cellRenderers: {
        audience: (value: unknown) => <Tag className="cell-tag" color={value === 'staff' ? 'purple' : value === 'clients' ? 'blue' : 'green'}>{t(`news.audiences.${String(value)}`)}</Tag>,
        pinned: (value: unknown) => (value ? <Tag icon={<PushpinFilled aria-hidden />} color="gold" className="cell-tag">{t('news.pinned')}</Tag> : <span aria-hidden>—</span>),
        active: (value: unknown) => <Tag className="cell-tag" color={value ? 'green' : 'default'}>{t(value ? 'news.active_yes' : 'news.active_no')}</Tag>,
      },
    }),
    [t],
  );

  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(NEWS_CREATE_PATH)}>
      {t('news.create')}
    </Button>
  );
  const setFilter = (name: string) => (value: string | null | undefined) => list.change({ filters: { [name]: value ?? null } });
  const empty = list.hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
      <Button onClick={() => { setSearch(''); list.resetFilters(); }}>{t('common:actions.reset_filters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('news.empty')}>
      {createButton}
    </Empty>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('news.title')}
        subtitle={t('news.subtitle')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            value={search}
            placeholder={t('news.filters.search')}
            aria-label={t('news.filters.search')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.change({ filters: { search: value.trim() || null } }, { replace: true })}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            placeholder={t('news.filters.active')}
            aria-label={t('news.filters.active')}
            value={list.filters.active}
            onChange={setFilter('active')}
            options={[
              { value: 'true', label: t('news.active_yes') },
              { value: 'false', label: t('news.active_no') },
            ]}
            style={{ minWidth: 160 }}
          />
          <Select
            allowClear
            placeholder={t('news.filters.audience')}
            aria-label={t('news.filters.audience')}
            value={list.filters.audience}
            onChange={setFilter('audience')}
            options={NEWS_AUDIENCES.map((value) => ({ value, label: t(`news.audiences.${value}`) }))}
            style={{ minWidth: 180 }}
            popupMatchSelectWidth={false}
          />
        </Space>
        {list.query.isError && !list.query.data ? (
          <Result
            status="error"
            title={t('common:load_failed')}
            subTitle={errorTitle(list.query.error)}
            extra={<Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.query.refetch()}>{t('common:actions.retry')}</Button>}
          />
        ) : (
          <ResourceListExtras.Provider value={extras}>
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
              detailPath={(record) => newsEditPath(record.id)}
              onEdit={(record) => navigate(newsEditPath(record.id))}
              onDelete={canPatch ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
              empty={list.query.isLoading ? <span /> : empty}
            />
          </ResourceListExtras.Provider>
        )}
      </Card>
    </div>
  );
}
