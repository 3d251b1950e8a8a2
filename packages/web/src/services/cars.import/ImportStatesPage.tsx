import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Modal, Popconfirm, Radio, Result, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ClearOutlined, FileSearchOutlined, LoginOutlined, ReloadOutlined, RedoOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CACHE_RESET_TYPES, hasPermission, type CacheResetType, type ImportStateAttributes, type JsonApiRecord } from '@dp/contracts';
import { HOME_PATH } from '../../app/guards.ts';
import { currentLang } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { SwitchLoader, useClientSwitch } from '../auth.processing/useClientSwitch.tsx';
import { ImportProgress, ReportStatusTag } from './ImportReportsPage.tsx';
import { importPath, useImportStates } from './import-api.ts';
import './import.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

type StateRecord = JsonApiRecord<ImportStateAttributes>;
const PAGE_SIZE = 20;

/**
 * /cars.import/import_states/ (spec 001 §2, §4, §7; staff): every site's import with its last
 * report and whether the feed changed since; actions: log in as the client (the root page's
 * join), check the feed, abort, restart with a cache reset type, reset (confirmed), and reset the
 * catalogue cache (effective at the next import, at once).
 */
export default function ImportStatesPage() {
  const { t } = useTranslation(['cars.import', 'common']);
  const lang = currentLang();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { switchTo, switching } = useClientSwitch();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [inProcess, setInProcess] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-last_import_date');
  const [restarting, setRestarting] = useState<StateRecord | null>(null);
  const [cacheType, setCacheType] = useState<CacheResetType>('none');
  const canManage = hasPermission(user?.permissions ?? {}, 'cars.import', 'import_states.manage');
  const canJoin = !!user?.internal && hasPermission(user?.permissions ?? {}, 'auth.processing', 'root');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const states = useImportStates({ page, pageSize: PAGE_SIZE, search, inProcess, sort });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cars.import', 'states'] });
  const action = useMutation({
    mutationFn: ({ path, data }: { path: string; data?: unknown; done: string }) => api.post(importPath(path), data),
    onSuccess: (_result, variables) => {
      notify.success(variables.done);
      void refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const join = async (row: StateRecord) => {
    const result = await switchTo(row.attributes.client_id, 'join_client', { quiet: true });
    if (!result) return;
    notify.success(t('states.joined', { name: row.attributes.client_name }), undefined, 'client-switch');
    navigate(HOME_PATH);
  };

  const feedTag = (row: StateRecord) => {
    const changed = row.attributes.feed_changed;
    const tag = changed === null ? <Tag>{t('states.feed_unknown')}</Tag> : changed ? <Tag color="orange">{t('states.feed_changed')}</Tag> : <Tag color="green">{t('states.feed_same')}</Tag>;
    return <Tooltip title={row.attributes.feed_checked_at ? t('states.checked_at', { date: formatDateTime(row.attributes.feed_checked_at) }) : undefined}>{tag}</Tooltip>;
  };

  const columns: TableColumnsType<StateRecord> = [
    {
      key: 'site_name',
      title: t('states.fields.site'),
      width: 220,
      fixed: 'left',
      sorter: true,
      sortOrder: sort.endsWith('site_name') ? (sort.startsWith('-') ? 'descend' : 'ascend') : null,
      render: (_v, row) => <Typography.Text strong ellipsis={{ tooltip: row.attributes.site_name }}>{row.attributes.site_name}</Typography.Text>,
    },
    {
      key: 'client_name',
      title: t('states.fields.client'),
      width: 200,
      sorter: true,
      sortOrder: sort.endsWith('client_name') ? (sort.startsWith('-') ? 'descend' : 'ascend') : null,
      render: (_v, row) => <Typography.Text ellipsis={{ tooltip: row.attributes.client_name }}>{row.attributes.client_name}</Typography.Text>,
    },
    {
      key: 'state',
      title: t('states.fields.state'),
      width: 220,
      render: (_v, row) => {
        const last = row.attributes.last_report;
        if (row.attributes.in_process && last && !last.is_finished) return <ImportProgress report={last} compact />;
        if (row.attributes.in_process) return <Tag color="processing">{t('statuses.in_process')}</Tag>;
        if (!last) return <Typography.Text type="secondary">{t('states.never')}</Typography.Text>;
        return <ReportStatusTag report={last} />;
      },
    },
    {
      key: 'last_import_date',
      title: t('states.fields.last_import_date'),
      width: 160,
      sorter: true,
      sortOrder: sort.endsWith('last_import_date') ? (sort.startsWith('-') ? 'descend' : 'ascend') : null,
      render: (_v, row) => (row.attributes.last_import_date ? formatDateTime(row.attributes.last_import_date) : '—'),
    },
    { key: 'auto', title: t('states.fields.auto'), width: 130, render: (_v, row) => (row.attributes.auto_import_hours ? t('settings.every_hours', { count: row.attributes.auto_import_hours }) : t('settings.auto_off')) },
    { key: 'files', title: t('states.fields.files'), width: 90, align: 'right', render: (_v, row) => row.attributes.files_count },
    { key: 'feed', title: t('states.fields.feed'), width: 150, render: (_v, row) => feedTag(row) },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 230,
      fixed: 'right',
      render: (_v, row) => {
        const name = row.attributes.site_name;
        const running = row.attributes.in_process;
        return (
          <Space size={4} wrap>
            {canJoin && (
              <Tooltip title={t('states.join')}>
                <Button size="small" icon={<LoginOutlined aria-hidden />} disabled={switching || user?.joined_client?.id === row.attributes.client_id} onClick={() => void join(row)} aria-label={`${t('states.join')}: ${row.attributes.client_name}`} />
              </Tooltip>
            )}
            <Tooltip title={t('states.check')}>
              <Button size="small" icon={<FileSearchOutlined aria-hidden />} disabled={!row.attributes.files_count} onClick={() => action.mutate({ path: `import_states/${row.id}/check`, done: t('states.checked') })} aria-label={`${t('states.check')}: ${name}`} />
            </Tooltip>
            {canManage && running && (
              <IconButton
                size="small"
                danger
                icon={<StopOutlined aria-hidden />}
                aria-label={`${t('states.abort')}: ${name}`}
                title={t('states.abort')}
                confirm={{ title: t('states.abort_confirm', { name }), okText: t('states.abort') }}
                onConfirm={() => action.mutateAsync({ path: `import/abort/${row.id}`, done: t('states.aborted') })}
              />
            )}
            {canManage && !running && (
              <Tooltip title={t('states.restart')}>
                <Button size="small" icon={<RedoOutlined aria-hidden />} disabled={!row.attributes.files_count} onClick={() => { setCacheType('none'); setRestarting(row); }} aria-label={`${t('states.restart')}: ${name}`} />
              </Tooltip>
            )}
            {canManage && (running || row.attributes.last_report?.is_finished === false) && (
              <IconButton
                size="small"
                icon={<UndoOutlined aria-hidden />}
                aria-label={`${t('states.reset')}: ${name}`}
                title={t('states.reset')}
                confirm={{ title: t('states.reset_confirm', { name }), description: t('states.reset_hint'), okText: t('states.reset') }}
                onConfirm={() => action.mutateAsync({ path: `import/reset/${row.id}`, done: t('states.reset_done') })}
              />
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('states.title')}
        subtitle={t('states.subtitle')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void refresh()} />
            {canManage && user?.internal && (
              <Popconfirm title={t('states.cache_confirm')} description={t('states.cache_hint')} okText={t('states.cache_reset')} cancelText={t('common:actions.cancel')} onConfirm={() => action.mutateAsync({ path: 'catalog_cache/reset', done: t('states.cache_done') })}>
                <Button icon={<ClearOutlined aria-hidden />}>{t('states.cache_reset')}</Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap style={{ marginBottom: 16 }}>
          <SearchInput allowClear value={text} onChange={(event) => setText(event.target.value)} onSearch={(value) => setText(value)} placeholder={t('states.search')} aria-label={t('states.search')} style={{ width: 300 }} />
          <Select
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t('states.fields.state')}
            aria-label={t('states.fields.state')}
            value={inProcess}
            onChange={(value) => {
              setInProcess(value);
              setPage(1);
            }}
            options={[{ value: 'true', label: t('statuses.in_process') }, { value: 'false', label: t('states.idle') }]}
          />
        </Space>
        {states.isError && !states.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(states.error, lang)} extra={<Button type="primary" onClick={() => void states.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<StateRecord>
            rowKey="id"
            size="middle"
            loading={states.isFetching && !states.data}
            dataSource={states.data?.data ?? []}
            columns={columns}
            scroll={{ x: 1400 }}
            onChange={(_pagination, _filters, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              setSort(one?.order ? `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}` : '-last_import_date');
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('states.no_match', { search }) : t('states.empty')} /> }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: states.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
          />
        )}
      </Card>
      <Modal
        open={!!restarting}
        title={restarting ? t('states.restart_title', { name: restarting.attributes.site_name }) : ''}
        okText={t('states.restart')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={action.isPending}
        onCancel={() => setRestarting(null)}
        onOk={() => void action.mutateAsync({ path: `import/restart/${restarting!.id}`, data: { cache_reset_type: cacheType }, done: t('states.restarted') }).then(() => setRestarting(null), () => undefined)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('states.cache_type')}</Typography.Paragraph>
        <Radio.Group value={cacheType} onChange={(event) => setCacheType(event.target.value)} aria-label={t('states.cache_type')}>
          <Space orientation="vertical">
            {CACHE_RESET_TYPES.map((type) => (
              <Radio key={type} value={type}>
                {t(`cache_types.${type}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Modal>
      <SwitchLoader spinning={switching} />
    </div>
  );
}
