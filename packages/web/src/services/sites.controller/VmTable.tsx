import { useState } from 'react';
import { Button, Empty, Grid, Result, Select, Space, Tag, Typography } from 'antd';
import { CloseCircleOutlined, DeleteOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ARCHIVED_VM_STATUSES, displayHost, type VirtualMachineRecord, type VmStatus } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { TASK_PAGE_SIZE, useVmList, useVmState, type ListKind, type ListState } from './task-api.ts';
import { SiteCell } from './TaskTable.tsx';
import { ConfirmedActions } from './ConfirmedActions.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

const VM_STATUS_COLORS: Record<string, string> = { CREATED: 'success', DELETED: 'default', FAILED: 'error' };

/** The states an operator may report for a machine of each list (update_vm_state). */
const NEXT_STATES: Record<ListKind, { status: VmStatus; icon: React.ReactNode; danger: boolean }[]> = {
  active: [
    { status: 'DELETED', icon: <DeleteOutlined aria-hidden />, danger: true },
    { status: 'FAILED', icon: <CloseCircleOutlined aria-hidden />, danger: false },
  ],
  archived: [{ status: 'CREATED', icon: <UndoOutlined aria-hidden />, danger: false }],
};

/** One list of virtual machines (active or archived), paged from 0 by 25. */
export function VmTable({ kind, staff }: { kind: ListKind; staff: boolean }) {
  const { t } = useTranslation(['sites.controller', 'common']);
  const { lang } = useSession();
  const [state, setState] = useState<ListState>({ page: 0 });
  const [search, setSearch] = useState('');
  const list = useVmList(kind, state);
  const vms = list.data?.vms ?? [];
  const total = list.data?.totalCount ?? 0;
  const change = useVmState();
  const filtered = !!(state.search || state.status);
  const wide = !!Grid.useBreakpoint().lg;

  const setStatus = async (vm: VirtualMachineRecord, status: VmStatus) => {
    try {
      await change.mutateAsync({ vm, status });
      notify.success(t('vm.state_changed', { id: vm.id, status: t(`vm_statuses.${status}`) }));
    } catch (error) {
      notify.error(t('action_failed'), errorTitle(error, lang));
    }
  };

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
      <Space wrap size={[12, 12]} className="resource-filters">
        <SearchInput
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setState((current) => ({ ...current, page: 0, search: value.trim() || undefined }))}
          placeholder={t('filters.search_vms')}
          aria-label={t('filters.search_vms')}
          className="task-filter task-filter--search"
        />
        {kind === 'archived' && (
          <Select
            allowClear
            value={state.status}
            onChange={(status) => setState((current) => ({ ...current, page: 0, status }))}
            placeholder={t('filters.status')}
            aria-label={t('filters.status')}
            className="task-filter"
            options={ARCHIVED_VM_STATUSES.map((status) => ({ value: status, label: t(`vm_statuses.${status}`) }))}
          />
        )}
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
      <div data-testid={`vms-${kind}`}>
        <DataTable<VirtualMachineRecord>
          rowKey="id"
          size="middle"
          loading={list.isFetching && !list.data}
          dataSource={vms}
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
                      <span>{t(`empty.${kind}_vms`)}</span>
                      <Typography.Text type="secondary">{t(`empty.${kind}_vms_hint`)}</Typography.Text>
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
            { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 72 },
            { key: 'site', title: t('fields.site'), render: (_value, vm) => <SiteCell name={vm.siteName} id={vm.siteId} /> },
            {
              key: 'hosts',
              title: t('fields.host'),
              render: (_value, vm) => (
                <div className="task-site">
                  <span className="nowrap">{vm.host ? displayHost(vm.host) : '—'}</span>
                  {vm.technicalHost && (
                    <Typography.Text type="secondary" className="task-site__host nowrap">
                      {vm.technicalHost}
                    </Typography.Text>
                  )}
                </div>
              ),
            },
            { key: 'hostname', title: t('fields.hostname'), render: (_value, vm) => <span className="nowrap">{vm.hostname ?? '—'}</span> },
            { key: 'ip', title: t('fields.ip'), render: (_value, vm) => <Typography.Text code>{vm.ip ?? '—'}</Typography.Text> },
            { key: 'platform', title: t('fields.platform'), render: (_value, vm) => vm.platformId ?? '—' },
            {
              key: 'status',
              title: t('fields.status'),
              render: (_value, vm) => (
                <Tag color={VM_STATUS_COLORS[vm.status]} data-testid="vm-status">
                  {t(`vm_statuses.${vm.status}`, { defaultValue: vm.status })}
                </Tag>
              ),
            },
            { key: 'group', title: t('fields.group'), render: (_value, vm) => vm.group ?? <Typography.Text type="secondary">—</Typography.Text> },
            { key: 'task', title: t('fields.task'), render: (_value, vm) => (vm.taskId ? `№ ${vm.taskId}` : <Typography.Text type="secondary">—</Typography.Text>) },
            { key: 'auto', title: t('fields.auto_loaded'), render: (_value, vm) => t(vm.autoLoaded ? 'vm.auto' : 'vm.manual') },
            { key: 'updated', title: t('fields.updated'), render: (_value, vm) => <span className="nowrap">{formatDateTime(vm.updatedAt)}</span> },
            ...(staff
              ? [
                  {
                    key: 'actions',
                    title: t('common:actions.title'),
                    fixed: wide ? ('right' as const) : undefined,
                    render: (_value: unknown, vm: VirtualMachineRecord) => (
                      <ConfirmedActions
                        label={t('vm_label', { id: vm.id })}
                        primary={kind === 'archived' ? 'CREATED' : undefined}
                        actions={NEXT_STATES[kind].map(({ status, icon, danger }) => ({
                          key: status,
                          label: t(`vm.to.${status}`),
                          icon,
                          danger,
                          confirmTitle: t(`vm.confirm.${status}.title`, { id: vm.id }),
                          confirmText: t(`vm.confirm.${status}.text`, { hostname: vm.hostname ?? vm.id }),
                          run: () => setStatus(vm, status),
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
