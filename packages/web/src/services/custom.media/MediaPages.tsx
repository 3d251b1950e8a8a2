import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Empty, Grid, Image, Popconfirm, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customMediaProfileResource, type AnyResource, type JsonApiRecord, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { FormDrawer } from '../../kit/unsaved.tsx';
import { useLang, useCan } from '../../kit/useLang.ts';
import { useSite } from '../sites.context/site-api.ts';
import './custom-media.css';

/**
 * The custom media screens (spec 002 §2 /custom.media/profiles/{siteId} and /items/{siteId}): a
 * site's profiles (their source, schedule and last import, an import started by hand) and the
 * items they imported, each hidden or shown on the site. Site menu, module custom_media.
 */
const NS = ['custom.media', 'common'];
const profiles = customMediaProfileResource as unknown as AnyResource;
type Profile = JsonApiRecord<{ title: string; request_method: string; request_url: string; frequency: string; actual_count: number; sharable: boolean; import_state: 'never' | 'running' | 'done' | 'failed'; import_error: string | null; imported_at: string | null; items_count: number }>;
type Item = JsonApiRecord<{ profile_id: number; hidden: boolean; url: string | null; media_url: string | null; kind: 'image' | 'video'; description: string | null; tags: string[]; original_date: string | null }>;
const path = (rest: string) => gatewayPath('custom.media', rest);
const STATE_COLORS = { never: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

function useProfiles(siteId: string) {
  return useQuery({
    queryKey: ['custom.media', 'profiles', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.list<Profile['attributes']>(path(`profiles/for_site/${siteId}`), { 'page[size]': 1000 }, signal),
    // While an import runs its state is asked again.
    refetchInterval: (query) => (query.state.data?.data.some((profile) => profile.attributes.import_state === 'running') ? 3000 : false),
  });
}

/** /custom.media/profiles/{siteId}: the site's profiles, their last import, an import now. */
export function ProfilesPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const can = useCan('custom.media');
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const site = useSite(siteId);
  const list = useProfiles(siteId);
  const [editing, setEditing] = useState<{ record: Profile | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['custom.media'] });
  const importNow = useMutation({
    mutationFn: (profile: Profile) => api.get(path(`profiles/${profile.id}/import`)),
    onSuccess: async () => {
      notify.success(t('profiles.import_started'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const remove = useMutation({
    mutationFn: (profile: Profile) => api.delete(path(`profiles/${profile.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const createButton = can('custom_media_profiles.create') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t('profiles.create')}
    </Button>
  );
  const rows = (list.data?.data ?? []) as Profile[];
  return (
    <div className="page custom-media-page">
      <PageHeader title={t('profiles.title')} subtitle={site.data?.site.attributes.name} documentTitle={t('profiles.title')} extra={<Space wrap><RefreshButton query={list} />{createButton}</Space>} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('profiles.intro')}</Typography.Paragraph>
        {list.isError && !list.data ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable<Profile>
            tableId="custom-media-profiles"
            rowKey="id"
            loading={list.isPending}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50 } : false}
            keyColumns={['title', 'state']}
            locale={{ emptyText: list.isPending ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profiles.empty')}>{createButton}</Empty> }}
            columns={[
              { key: 'title', title: t('profiles.fields.title'), width: 220, render: (_: unknown, row) => <Typography.Text strong>{row.attributes.title}</Typography.Text> },
              { key: 'source', title: t('profiles.fields.request_url'), width: 280, ellipsis: true, render: (_: unknown, row) => <Tooltip title={row.attributes.request_url}><Typography.Text type="secondary">{`${row.attributes.request_method} ${row.attributes.request_url}`}</Typography.Text></Tooltip> },
              { key: 'frequency', title: t('profiles.fields.frequency'), width: 160, render: (_: unknown, row) => t(`frequencies.${row.attributes.frequency}`) },
              {
                key: 'state',
                title: t('profiles.fields.import_state'),
                width: 170,
                render: (_: unknown, row) => {
                  const tag = <Tag color={STATE_COLORS[row.attributes.import_state]} data-testid="import-state">{t(`states.${row.attributes.import_state}`)}</Tag>;
                  return row.attributes.import_error ? <Tooltip title={row.attributes.import_error}>{tag}</Tooltip> : tag;
                },
              },
              { key: 'items', title: t('profiles.fields.items_count'), width: 120, render: (_: unknown, row) => `${row.attributes.items_count} / ${row.attributes.actual_count}` },
              { key: 'imported_at', title: t('profiles.fields.imported_at'), width: 170, render: (_: unknown, row) => (row.attributes.imported_at ? formatDateTime(row.attributes.imported_at) : '—') },
              {
                key: 'actions',
                title: t('common:actions.title', { defaultValue: '' }),
                width: 150,
                render: (_: unknown, row) => (
                  <Space size={4}>
                    {can('custom_media_profiles.import') && (
                      <IconButton icon={<CloudDownloadOutlined aria-hidden />} aria-label={t('profiles.import')} loading={importNow.isPending && importNow.variables?.id === row.id} disabled={row.attributes.import_state === 'running'} onClick={() => importNow.mutate(row)} />
                    )}
                    {can('custom_media_profiles.patch') && <IconButton icon={<EditOutlined aria-hidden />} aria-label={t('common:actions.edit')} onClick={() => setEditing({ record: row })} />}
                    {can('custom_media_profiles.delete') && (
                      <Popconfirm title={t('profiles.delete_confirm')} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}>
                        <IconButton danger icon={<DeleteOutlined aria-hidden />} aria-label={t('common:actions.delete')} />
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('profiles.edit_title', { name: editing.record.attributes.title }) : t('profiles.create_title')}
        size={screens.md === false ? '100%' : 640}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && (
          <ResourceForm
            resource={profiles}
            record={editing.record as never}
            fixed={{ site_id: Number(siteId) }}
            actionsContainer={footer}
            onSaved={async () => {
              setEditing(null);
              await refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDrawer>
    </div>
  );
}

/** /custom.media/items/{siteId}: what the site's profiles imported, newest first; each hidden or shown on the site. */
export function ItemsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const can = useCan('custom.media');
  const client = useQueryClient();
  const site = useSite(siteId);
  const profileList = useProfiles(siteId);
  const [profile, setProfile] = useState<string | null>(null);
  const [shown, setShown] = useState<'all' | 'visible' | 'hidden'>('all');
  const items = useQuery({
    queryKey: ['custom.media', 'items', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.list<Item['attributes']>(path(`items/for_site/${siteId}/all`), undefined, signal),
  });
  const toggle = useMutation({
    mutationFn: (item: Item) => api.get<Item>(path(`items/${item.id}/switch_hidden`)),
    onSuccess: async (answer) => {
      notify.success(t(answer.attributes.hidden ? 'items.hidden_now' : 'items.shown_now'));
      await client.invalidateQueries({ queryKey: ['custom.media', 'items', siteId] });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const titles = new Map((profileList.data?.data ?? []).map((row) => [Number(row.id), String(row.attributes.title)]));
  const rows = ((items.data?.data ?? []) as Item[]).filter((item) => (!profile || String(item.attributes.profile_id) === profile) && (shown === 'all' || item.attributes.hidden === (shown === 'hidden')));
  const filtered = !!profile || shown !== 'all';
  return (
    <div className="page custom-media-page">
      <PageHeader title={t('items.title')} subtitle={site.data?.site.attributes.name} documentTitle={t('items.title')} extra={<RefreshButton query={items} />} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('items.intro')}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <Select allowClear className="custom-media-filter" placeholder={t('items.fields.profile_id')} aria-label={t('items.fields.profile_id')} value={profile ?? undefined} onChange={(value) => setProfile(value ?? null)} options={[...titles].map(([id, title]) => ({ value: String(id), label: title }))} />
          <Select className="custom-media-filter" aria-label={t('items.shown')} value={shown} onChange={(value) => setShown(value as 'all' | 'visible' | 'hidden')} options={(['all', 'visible', 'hidden'] as const).map((value) => ({ value, label: t(`items.show_${value}`) }))} />
        </Space>
        {items.isError && !items.data ? (
          <LoadFailed error={items.error} onRetry={() => void items.refetch()} />
        ) : (
          <DataTable<Item>
            tableId="custom-media-items"
            rowKey="id"
            loading={items.isPending}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50 } : false}
            keyColumns={['media', 'hidden']}
            locale={{
              emptyText: items.isPending ? <span /> : filtered ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
                  <Button onClick={() => { setProfile(null); setShown('all'); }}>{t('common:actions.reset_filters')}</Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('items.empty')} />
              ),
            }}
            columns={[
              {
                key: 'media',
                title: t('items.fields.media'),
                width: 140,
                render: (_: unknown, row) =>
                  row.attributes.kind === 'video' ? (
                    <video className="custom-media-thumb" src={row.attributes.media_url ?? undefined} preload="none" controls aria-label={row.attributes.description ?? t('items.video')} />
                  ) : (
                    <Image className="custom-media-thumb" width={96} src={row.attributes.media_url ?? undefined} alt={row.attributes.description ?? ''} />
                  ),
              },
              { key: 'description', title: t('items.fields.description'), width: 300, render: (_: unknown, row) => <Typography.Paragraph className="custom-media-text" ellipsis={{ rows: 3 }}>{row.attributes.description ?? '—'}</Typography.Paragraph> },
              { key: 'profile', title: t('items.fields.profile_id'), width: 180, render: (_: unknown, row) => titles.get(row.attributes.profile_id) ?? '—' },
              { key: 'tags', title: t('items.fields.tags'), width: 180, render: (_: unknown, row) => row.attributes.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) },
              { key: 'original_date', title: t('items.fields.original_date'), width: 170, render: (_: unknown, row) => (row.attributes.original_date ? formatDateTime(row.attributes.original_date) : '—') },
              { key: 'url', title: t('items.fields.url'), width: 120, render: (_: unknown, row) => (row.attributes.url ? <Typography.Link href={row.attributes.url} target="_blank" rel="noopener noreferrer">{t('items.open')}</Typography.Link> : '—') },
              {
                key: 'hidden',
                title: t('items.fields.shown'),
                width: 120,
                render: (_: unknown, row) => (
                  <Switch
                    checked={!row.attributes.hidden}
                    disabled={!can('custom_media_items.patch')}
                    loading={toggle.isPending && toggle.variables?.id === row.id}
                    aria-label={t('items.fields.shown')}
                    onChange={() => toggle.mutate(row)}
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

