import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Dropdown, Empty, Input, Popconfirm, Result, Skeleton, Space, Tag, Tooltip, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, BranchesOutlined, DeleteOutlined, EditOutlined, LockOutlined, MoreOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, pageResource } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { IconButton } from '../../../kit/IconButton.tsx';
import { contentPath, useInvalidateContent, useSiteRecords, type PageAttributes, type PageRecord, useCentralLock } from './content-api.ts';
import { CreatePageDialog } from './CreatePageDialog.tsx';
import { pageEditPath } from './pages.ts';
import { RestyleDialog } from './RestyleDialog.tsx';
import './content.css';
import { CentralLockNotice } from './state-widgets.tsx';

/** The page tree: children under their parent, in position order. */
export function buildTree(records: PageRecord[]): Map<string | null, PageRecord[]> {
  const byParent = new Map<string | null, PageRecord[]>();
  const ids = new Set(records.map((record) => record.id));
  for (const record of records) {
    const parent = record.attributes.parent_id != null && ids.has(String(record.attributes.parent_id)) ? String(record.attributes.parent_id) : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), record]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.attributes.position - b.attributes.position || Number(a.id) - Number(b.id));
  return byParent;
}

/** Where a drop puts a page: its new parent and its place among the new siblings (antd Tree drop info). */
export function dropTarget(byParent: Map<string | null, PageRecord[]>, records: PageRecord[], dragId: string, dropId: string, dropToGap: boolean, dropPosition: number) {
  const drop = records.find((record) => record.id === dropId)!;
  if (!dropToGap) return { parent_id: Number(dropId), position: 0 };
  const parentKey = drop.attributes.parent_id != null ? String(drop.attributes.parent_id) : null;
  const siblings = (byParent.get(parentKey) ?? []).filter((record) => record.id !== dragId);
  const index = siblings.findIndex((record) => record.id === dropId);
  return { parent_id: parentKey === null ? null : Number(parentKey), position: dropPosition < 0 ? Math.max(index, 0) : index + 1 };
}

/**
 * /sites.context/sites/{siteId}/pages: the site's page tree with drag and drop (parent and order),
 * each page's caption, address and status; new page (step 1 of 2), restyling, delete.
 */
export default function PagesPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['sites.context', 'common']);
  const navigate = useNavigate();
  const { user } = useSession();
  const central = useCentralLock(siteId);
  const canEdit = hasPermission(user?.permissions ?? {}, 'sites.context', 'pages.patch') && !central;
  const query = useSiteRecords<PageAttributes>(pageResource, siteId);
  const invalidate = useInvalidateContent();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<{ parentId: number | null } | null>(null);
  const [restyling, setRestyling] = useState<PageRecord | null>(null);
  const records = useMemo(() => (query.data ?? []) as PageRecord[], [query.data]);
  const byParent = useMemo(() => buildTree(records), [records]);

  const move = useMutation({
    mutationFn: ({ id, target }: { id: string; target: { parent_id: number | null; position: number } }) => api.post(contentPath(`pages/${id}/move`), target),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('pages.moved'));
    },
    onError: async (error) => {
      notify.error(errorTitle(error));
      await invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (page: PageRecord) => api.delete(contentPath(`pages/${page.id}`)),
    onSuccess: async (_data, page) => {
      await invalidate();
      notify.success(t('common:notices.deleted'), page.attributes.uri);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const siblingsOf = (record: PageRecord) => byParent.get(record.attributes.parent_id != null && byParent.has(String(record.attributes.parent_id)) ? String(record.attributes.parent_id) : null) ?? [];
  const siblingIndex = (record: PageRecord) => siblingsOf(record).findIndex((sibling) => sibling.id === record.id);
  /** One place up (-1) or down (+1) among the siblings. */
  const shift = (record: PageRecord, by: -1 | 1) =>
    move.mutate({ id: record.id, target: { parent_id: record.attributes.parent_id, position: siblingIndex(record) + by } });

  const term = search.trim().toLowerCase();
  const matches = (record: PageRecord) => !term || `${record.attributes.caption ?? ''} ${record.attributes.uri}`.toLowerCase().includes(term);
  const hasMatch = (record: PageRecord): boolean => matches(record) || (byParent.get(record.id) ?? []).some(hasMatch);

  const statusTags = (a: PageAttributes) => (
    <>
      {a.published ? <Tag color="success">{t('pages.tags.published')}</Tag> : <Tag>{t('pages.tags.not_published')}</Tag>}
      {a.submitted.length > 0 && <Tag color="processing">{t('pages.tags.submitted', { count: a.submitted.length })}</Tag>}
      {a.drafts.length > 0 && <Tag>{t('pages.tags.drafts', { count: a.drafts.length })}</Tag>}
    </>
  );

  const toNode = (record: PageRecord): TreeDataNode => {
    const a = record.attributes;
    const locked = a.origin_id != null;
    return {
      key: record.id,
      title: (
        <span className="page-node">
          <span className="page-node__text">
            <Typography.Text strong className="page-node__caption" ellipsis>
              {a.caption ?? t('pages.no_caption')}
            </Typography.Text>
            <Typography.Text type="secondary" className="page-node__uri" ellipsis>
              {a.uri}
            </Typography.Text>
          </span>
          <span className="page-node__tags">
            {locked && (
              <Tooltip title={t('pages.locked')}>
                <LockOutlined aria-label={t('pages.locked')} />
              </Tooltip>
            )}
            {statusTags(a)}
          </span>
          <span className="page-node__actions" onClick={(event) => event.stopPropagation()}>
            <IconButton size="small" type="text" icon={<EditOutlined aria-hidden />} aria-label={t('pages.open', { uri: a.uri })} title={t('common:actions.edit')} onClick={() => navigate(pageEditPath(siteId, record.id))} />
            {canEdit && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'child', icon: <PlusOutlined aria-hidden />, label: t('pages.add_child'), onClick: () => setCreating({ parentId: Number(record.id) }) },
                    // Drag and drop needs a mouse: the same moves by menu, for touch screens and keyboards.
                    { key: 'up', icon: <ArrowUpOutlined aria-hidden />, label: t('pages.move_up'), disabled: locked || !!term || siblingIndex(record) <= 0, onClick: () => shift(record, -1) },
                    { key: 'down', icon: <ArrowDownOutlined aria-hidden />, label: t('pages.move_down'), disabled: locked || !!term || siblingIndex(record) >= siblingsOf(record).length - 1, onClick: () => shift(record, 1) },
                    { key: 'restyle', icon: <BranchesOutlined aria-hidden />, label: t('pages.restyle'), disabled: !a.published, onClick: () => setRestyling(record) },
                    {
                      key: 'delete',
                      danger: true,
                      disabled: locked,
                      icon: <DeleteOutlined aria-hidden />,
                      label: (
                        <Popconfirm title={t('pages.delete_confirm', { uri: a.uri })} okText={t('common:actions.delete')} okButtonProps={{ danger: true }} cancelText={t('common:actions.cancel')} onConfirm={() => remove.mutate(record)}>
                          <span>{t('common:actions.delete')}</span>
                        </Popconfirm>
                      ),
                    },
                  ],
                }}
              >
                <Tooltip title={t('common:actions.more')}>
                  <Button size="small" type="text" icon={<MoreOutlined aria-hidden />} aria-label={t('common:actions.more')} />
                </Tooltip>
              </Dropdown>
            )}
          </span>
        </span>
      ),
      children: (byParent.get(record.id) ?? []).filter(hasMatch).map(toNode),
    };
  };
  const treeData = (byParent.get(null) ?? []).filter(hasMatch).map(toNode);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = String(info.dragNode.key);
    const dropId = String(info.node.key);
    // antd: dropPosition is relative to the node's index among its siblings.
    const index = Number(info.node.pos.split('-').at(-1));
    const target = dropTarget(byParent, records, dragId, dropId, info.dropToGap, info.dropPosition - index);
    move.mutate({ id: dragId, target });
  };

  return (
    <div className="page">
      <PageHeader
        title={t('pages.title')}
        subtitle={t('pages.subtitle')}
        extra={
          <Space>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} />
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating({ parentId: null })}>
                {t('pages.create')}
              </Button>
            )}
          </Space>
        }
      />
      <CentralLockNotice locked={central} />
      <Card variant="borderless" className="page-card">
        <Input.Search allowClear placeholder={t('pages.search')} aria-label={t('pages.search')} value={search} onChange={(event) => setSearch(event.target.value)} className="pages-search" />
        {query.isLoading ? (
          <Skeleton active />
        ) : query.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(query.error)} extra={<Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={term ? t('common:nothing_found') : t('pages.empty')}>
            {canEdit && !term && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating({ parentId: null })}>
                {t('pages.create_first')}
              </Button>
            )}
          </Empty>
        ) : (
          <>
            {canEdit && <Typography.Paragraph type="secondary">{t('pages.drag_hint')}</Typography.Paragraph>}
            <Tree
              className="pages-tree"
              blockNode
              showLine
              defaultExpandAll
              draggable={canEdit && !term ? { icon: false, nodeDraggable: (node) => records.find((record) => record.id === node.key)?.attributes.origin_id == null } : false}
              treeData={treeData}
              onDrop={onDrop}
              onSelect={(keys) => keys[0] && navigate(pageEditPath(siteId, String(keys[0])))}
              disabled={move.isPending}
            />
          </>
        )}
      </Card>
      {creating && <CreatePageDialog siteId={siteId} pages={records} parentId={creating.parentId} onClose={() => setCreating(null)} />}
      {restyling && <RestyleDialog siteId={siteId} source={restyling} pages={records} onClose={() => setRestyling(null)} />}
    </div>
  );
}
