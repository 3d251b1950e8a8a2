import { useState } from 'react';
import { Button, Empty, Grid, Result, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, CheckOutlined, CloseOutlined, LoadingOutlined, RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ACTIVE_TASK_STATUSES,
  ARCHIVED_TASK_STATUSES,
  canTransition,
  SITE_TASK_ACTIONS,
  TASK_TRANSITION_NAMES,
  taskErrorText,
  type SiteTaskRecord,
  type TaskTransition,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { ConfirmedActions } from './ConfirmedActions.tsx';
import { TASK_PAGE_SIZE, useTaskAction, useTaskList, useTaskUsers, userIdsOf, type ListKind, type ListState } from './task-api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

export const TASK_STATUS_COLORS: Record<string, string> = {
  NEW: 'blue',
  APPROVED: 'cyan',
  IN_PROGRESS: 'processing',
  FAILED: 'error',
  DECLINED: 'default',
  COMPLETE: 'success',
};

const ACTION_ICONS: Record<TaskTransition, React.ReactNode> = {
  approve: <CheckOutlined aria-hidden />,
  decline: <CloseOutlined aria-hidden />,
  retry: <RedoOutlined aria-hidden />,
  manual_complete: <CheckCircleOutlined aria-hidden />,
};

/** A site's name and host; a deleted site by its number. */
export function SiteCell({ name, id, host }: { name: string | null; id: number | null; host?: string | null }) {
  const { t } = useTranslation('sites.controller');
  return (
    <div className="task-site">
      <Typography.Text strong>{name ?? (id ? t('site_gone', { id }) : '—')}</Typography.Text>
      {host && (
        <Typography.Text type="secondary" className="task-site__host">
          {host}
        </Typography.Text>
      )}
    </div>
  );
}

/** One list of tasks (active or archived): filters, server paging from page 0 by 25, the actions. */
export function TaskTable({ kind, staff }: { kind: ListKind; staff: boolean }) {
  const { t } = useTranslation(['sites.controller', 'common']);
  const { lang } = useSession();
  const [state, setState] = useState<ListState>({ page: 0 });
  const [search, setSearch] = useState('');
  const list = useTaskList(kind, state);
  const tasks = list.data?.tasks ?? [];
  const total = list.data?.totalCount ?? 0;
  const users = useTaskUsers(userIdsOf(tasks));
  const act = useTaskAction();
  const statuses = kind === 'active' ? ACTIVE_TASK_STATUSES : ARCHIVED_TASK_STATUSES;
  // The actions stay in view on wide screens; on a phone the table scrolls as a whole.
  const wide = !!Grid.useBreakpoint().lg;
  const filtered = !!(state.search || state.status || state.action);

  /** A user's name; its number while the names load or when they could not be loaded. */
  const userName = (id: number) => users.data?.get(id) ?? `#${id}`;

  const run = async (task: SiteTaskRecord, action: TaskTransition) => {
    try {
      await act.mutateAsync({ task, action });
      notify.success(t(`done.${action}`, { id: task.id }));
    } catch (error) {
      notify.error(t('action_failed'), errorTitle(error, lang));
    }
  };

  const filters = (
    <Space wrap size={[12, 12]} className="resource-filters">
      <SearchInput
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => setState((current) => ({ ...current, page: 0, search: value.trim() || undefined }))}
        placeholder={t('filters.search_tasks')}
        aria-label={t('filters.search_tasks')}
        className="task-filter task-filter--search"
      />
      <Select
        allowClear
        value={state.action}
        onChange={(action) => setState((current) => ({ ...current, page: 0, action }))}
        placeholder={t('filters.action')}
        aria-label={t('filters.action')}
        className="task-filter"
        options={SITE_TASK_ACTIONS.map((action) => ({ value: action, label: t(`task_actions.${action}`) }))}
      />
      <Select
        allowClear
        value={state.status}
        onChange={(status) => setState((current) => ({ ...current, page: 0, status }))}
        placeholder={t('filters.status')}
        aria-label={t('filters.status')}
        className="task-filter"
        options={statuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      />
      {filtered && (
        <Button
          onClick={() => {
            setSearch('');
            setState({ page: 0 });
          }}
        >
          {t('common:actions.reset_filters')}
        </Button>
      )}
    </Space>
  );

  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={t('common:load_failed')}
        subTitle={errorTitle(list.error, lang)}
        extra={
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      {filters}
      <div data-testid={`tasks-${kind}`}>
      <DataTable<SiteTaskRecord>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={tasks}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isLoading ? (
            <span />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                filtered ? (
                  t('common:nothing_found')
                ) : (
                  <Space direction="vertical" size={2}>
                    <span>{t(`empty.${kind}_tasks`)}</span>
                    <Typography.Text type="secondary">{t(`empty.${kind}_tasks_hint`)}</Typography.Text>
                  </Space>
                )
              }
            />
          ),
        }}
        pagination={{
          current: state.page + 1,
          pageSize: TASK_PAGE_SIZE,
          total,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (count, range) => t('common:table.total', { count, from: range[0], to: range[1] }),
          onChange: (page) => setState((current) => ({ ...current, page: page - 1 })),
        }}
        columns={[
          { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 64, render: (id: number) => <span className="nowrap">{id}</span> },
          {
            key: 'site',
            title: t('fields.site'),
            render: (_value, task) => (
              <div className="task-site">
                <SiteCell name={task.siteName} id={task.siteId} host={task.host} />
                {task.oldHost && (
                  <Typography.Text type="secondary" className="task-site__host">
                    {t('old_host', { host: task.oldHost })}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          {
            key: 'action',
            title: t('fields.action'),
            render: (_value, task) => <Tag className="task-tag">{t(`task_actions.${task.action}`, { defaultValue: task.action })}</Tag>,
          },
          {
            key: 'status',
            title: t('fields.status'),
            render: (_value, task) => (
              <div className="task-site">
                <Tag
                  className="task-tag"
                  color={TASK_STATUS_COLORS[task.status]}
                  icon={task.status === 'IN_PROGRESS' ? <LoadingOutlined aria-hidden /> : undefined}
                  data-testid="task-status"
                >
                  {t(`statuses.${task.status}`, { defaultValue: task.status })}
                </Tag>
                {task.repeatCount > 0 && (
                  <Typography.Text type="secondary" className="task-site__host nowrap">
                    {t('retries', { count: task.repeatCount })}
                  </Typography.Text>
                )}
                {/* A site made by an approved creation answers 'Site not found' until it is published. */}
                {task.action === 'create_site' && task.siteStatus === 2 && ['APPROVED', 'IN_PROGRESS', 'COMPLETE'].includes(task.status) && task.siteId !== null && (
                  <Typography.Text type="warning" className="task-site__host" data-testid="task-left">
                    {t('left_publish')} <Link to={`/sites.context/sites/${task.siteId}/settings`}>{t('left_publish_link')}</Link>
                  </Typography.Text>
                )}
              </div>
            ),
          },
          {
            key: 'error',
            title: t('fields.error'),
            render: (_value, task) =>
              task.errorCode === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <div className="task-error" data-testid="task-error">
                  <Typography.Text type="danger">
                    {task.errorCode}: {taskErrorText(task.errorCode, lang)}
                  </Typography.Text>
                  {task.error && (
                    <Tooltip title={task.error}>
                      <Typography.Text type="secondary" className="task-error__detail">
                        {task.error}
                      </Typography.Text>
                    </Tooltip>
                  )}
                </div>
              ),
          },
          {
            key: 'created',
            title: t('fields.created'),
            render: (_value, task) => (
              <div className="task-site">
                <span className="nowrap">{formatDateTime(task.createdAt)}</span>
                <Typography.Text type="secondary" className="task-site__host nowrap">
                  {task.userId ? userName(task.userId) : t('acted.system')}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'acted',
            title: t('fields.acted'),
            render: (_value, task) => {
              const entries = (['approved_by', 'retried_by', 'declined_by', 'manual_complete_by'] as const).filter((key) => typeof task.payload[key] === 'number');
              if (!entries.length) return <Typography.Text type="secondary">—</Typography.Text>;
              return (
                <div className="task-acted">
                  {entries.map((key) => (
                    <span key={key} className="nowrap">
                      <Typography.Text type="secondary">{t(`acted.${key}`)}:</Typography.Text> {userName(task.payload[key] as number)}
                    </span>
                  ))}
                </div>
              );
            },
          },
          ...(staff && kind === 'active'
            ? [
                {
                  key: 'actions',
                  title: t('common:actions.title'),
                  // The buttons' row (.task-actions, 180 px at least) and the cell's padding.
                  width: 214,
                  fixed: wide ? ('right' as const) : undefined,
                  render: (_value: unknown, task: SiteTaskRecord) => (
                    <ConfirmedActions
                      label={t('task_label', { id: task.id })}
                      primary={task.status === 'NEW' ? 'approve' : task.status === 'FAILED' ? 'retry' : undefined}
                      actions={TASK_TRANSITION_NAMES.filter((action) => canTransition(action, task.status)).map((action) => ({
                        key: action,
                        label: t(`actions.${action}`),
                        icon: ACTION_ICONS[action],
                        danger: action === 'decline',
                        confirmTitle: t(`confirm.${action}.title`, { id: task.id }),
                        confirmText: t(`confirm.${action}.text`, { site: task.siteName ?? `#${task.siteId}`, action: t(`task_actions.${task.action}`) }),
                        run: () => run(task, action),
                      }))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      </div>
    </>
  );
}
