import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, EyeInvisibleOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_ISSUE_STATUSES, type ErrorIssueAttributes, type ErrorIssueStatus } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { LoadFailed } from '../../kit/QueryStates.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { errorsPath, issuePath, useErrorList, useInvalidateErrors, type IssueRecord } from './errors-api.ts';

const STATUS_COLORS: Record<ErrorIssueStatus, string> = { unresolved: 'red', resolved: 'green', ignored: 'default' };
const PAGE_SIZE = 20;

export function StatusTag({ status }: { status: ErrorIssueStatus }) {
  const { t } = useTranslation('error-collection-system');
  return <Tag className="cell-tag" color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>;
}

/** Resolve, ignore or open again: the issue's state changes the reader can make. */
export function useIssueAction() {
  const { t } = useTranslation('error-collection-system');
  const invalidate = useInvalidateErrors();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resolve' | 'ignore' | 'reopen' }) => api.post<IssueRecord>(errorsPath(`issues/${id}/${action}`)),
    onSuccess: async (_data, { action }) => {
      notify.success(t(`actions.${action}_done`));
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error, currentLang())),
  });
}

export function IssueActions({ issue, size = 'small' }: { issue: IssueRecord; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('error-collection-system');
  const action = useIssueAction();
  const status = issue.attributes.status;
  const busy = (name: string) => action.isPending && action.variables?.id === issue.id && action.variables.action === name;
  const label = (name: string) => `${t(`actions.${name}`)}: ${issue.attributes.message}`;
  return (
    <Space size={4} wrap>
      {status !== 'resolved' && (
        <Tooltip title={t('actions.resolve')}>
          <Button size={size} icon={<CheckOutlined aria-hidden />} loading={busy('resolve')} aria-label={label('resolve')} onClick={() => action.mutate({ id: issue.id, action: 'resolve' })}>
            {size === 'middle' ? t('actions.resolve') : null}
          </Button>
        </Tooltip>
      )}
      {status !== 'ignored' && (
        <Tooltip title={t('actions.ignore')}>
          <Button size={size} icon={<EyeInvisibleOutlined aria-hidden />} loading={busy('ignore')} aria-label={label('ignore')} onClick={() => action.mutate({ id: issue.id, action: 'ignore' })}>
            {size === 'middle' ? t('actions.ignore') : null}
          </Button>
        </Tooltip>
      )}
      {status !== 'unresolved' && (
        <Tooltip title={t('actions.reopen')}>
          <Button size={size} icon={<UndoOutlined aria-hidden />} loading={busy('reopen')} aria-label={label('reopen')} onClick={() => action.mutate({ id: issue.id, action: 'reopen' })}>
            {size === 'middle' ? t('actions.reopen') : null}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}

/** Issues of a project or a client: state and text filters, sorted by last seen or count, paged. */
export function IssuesTable({ project, client, showProject = false }: { project?: string; client?: string; showProject?: boolean }) {
  const { t } = useTranslation(['error-collection-system', 'common']);
  const lang = currentLang();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ErrorIssueStatus | undefined>('unresolved');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-last_seen');
  const issues = useErrorList<ErrorIssueAttributes>('issues', { 'page[number]': page, 'page[size]': PAGE_SIZE, 'filter[project]': project, 'filter[client]': client, 'filter[status]': status, 'filter[search]': search || undefined, sort });
  const order = (key: string) => (sort.endsWith(key) ? (sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null);

  const columns: TableColumnsType<IssueRecord> = [
    {
      key: 'message',
      title: t('fields.issue'),
      width: 420,
      render: (_v, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={issuePath(row.id)}>
            <Typography.Text strong>{row.attributes.type}</Typography.Text>: {row.attributes.message}
          </Link>
          {row.attributes.culprit && <Typography.Text type="secondary" className="errors__culprit">{row.attributes.culprit}</Typography.Text>}
        </Space>
      ),
    },
    ...(showProject ? [{ key: 'project', title: t('fields.project'), width: 180, render: (_v: unknown, row: IssueRecord) => row.attributes.project_name }] : []),
    { key: 'status', title: t('fields.status'), width: 130, render: (_v, row) => <StatusTag status={row.attributes.status} /> },
    { key: 'count', title: t('fields.count'), width: 110, align: 'right', sorter: true, sortOrder: order('count'), render: (_v, row) => formatNumber(row.attributes.count, lang) },
    { key: 'users', title: t('fields.users'), width: 120, align: 'right', render: (_v, row) => formatNumber(row.attributes.users, lang) },
    { key: 'last_seen', title: t('fields.last_seen'), width: 170, sorter: true, sortOrder: order('last_seen'), render: (_v, row) => formatDateTime(row.attributes.last_seen) },
    { key: 'first_seen', title: t('fields.first_seen'), width: 170, sorter: true, sortOrder: order('first_seen'), render: (_v, row) => formatDateTime(row.attributes.first_seen) },
    { key: 'actions', title: t('common:actions.title'), width: 130, render: (_v, row) => <IssueActions issue={row} /> },
  ];

  return (
    <>
      <Space wrap size={[12, 12]} className="resource-filters">
        <SearchInput
          allowClear
          value={text}
          placeholder={t('filters.issue_search')}
          aria-label={t('filters.issue_search')}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ width: 280 }}
        />
        <Select
          allowClear
          placeholder={t('fields.status')}
          aria-label={t('fields.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={ERROR_ISSUE_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          style={{ minWidth: 170 }}
        />
      </Space>
      {issues.isError && !issues.data ? (
        <LoadFailed error={issues.error} onRetry={() => void issues.refetch()} />
      ) : (
        <DataTable<IssueRecord>
          rowKey="id"
          size="middle"
          keyColumns={['message', 'count']}
          loading={issues.isFetching}
          dataSource={issues.data?.data ?? []}
          columns={columns}
          scroll={{ x: 1200 }}
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setSort(one?.order ? `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}` : '-last_seen');
          }}
          locale={{ emptyText: issues.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search || status ? t('common:nothing_found') : t('empty.issues')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: issues.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
        />
      )}
    </>
  );
}
