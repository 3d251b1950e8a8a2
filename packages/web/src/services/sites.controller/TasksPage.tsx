import { useRef, useState } from 'react';
import { Badge, Button, Card, Tabs, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SITE_TASK_STREAMS, type RealtimeServerMessage } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useRealtime, type RealtimeStatus } from '../../kit/realtime.ts';
import { CreateVmModal } from './CreateVmModal.tsx';
import { taskKeys } from './task-api.ts';
import { TaskTable } from './TaskTable.tsx';
import { VmTable } from './VmTable.tsx';
import './tasks.css';

const TABS = ['active_tasks', 'archived_tasks', 'active_vms', 'archived_vms'] as const;
type Tab = (typeof TABS)[number];

/**
 * A stream's messages refresh the lists they concern: each update, a resync, and the `ready` of
 * a reconnection (updates may have been missed while it was down).
 */
function useLiveLists(path: string, queryKey: readonly string[]): RealtimeStatus {
  const client = useQueryClient();
  const readyBefore = useRef(false);
  return useRealtime('sites.controller', path, (message: RealtimeServerMessage) => {
    if (message.type === 'ready') {
      if (!readyBefore.current) {
        readyBefore.current = true;
        return;
      }
    } else if (message.type !== 'update' && message.type !== 'resync') return;
    void client.invalidateQueries({ queryKey });
  });
}

/**
 * /sites.controller/tasks_page/ (tasks): active and archived site tasks and virtual machines,
 * updated live over the two streams; platform staff approve, decline, retry and complete tasks
 * and report machine states, dealers with `tasks` follow their own clients' tasks.
 */
export default function TasksPage() {
  const { t } = useTranslation(['sites.controller', 'common']);
  const { user } = useSession();
  const staff = !!user?.internal;
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'active_tasks';
  const tasks = useLiveLists(SITE_TASK_STREAMS.tasks, taskKeys.tasks);
  const vms = useLiveLists(SITE_TASK_STREAMS.vms, taskKeys.vms);
  const live: RealtimeStatus = tasks === 'open' && vms === 'open' ? 'open' : 'connecting';

  const content = (key: Tab) => {
    if (key === 'active_tasks') return <TaskTable kind="active" staff={staff} />;
    if (key === 'archived_tasks') return <TaskTable kind="archived" staff={staff} />;
    if (key === 'active_vms') return <VmTable kind="active" staff={staff} />;
    return <VmTable kind="archived" staff={staff} />;
  };

  return (
    <div className="page tasks-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <>
            <Tooltip title={t(`live.${live}_hint`)}>
              <Badge status={live === 'open' ? 'success' : 'default'} text={t(`live.${live}`)} data-testid="tasks-live" className="tasks-live" />
            </Tooltip>
            {staff && (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
                {t('vm.create')}
              </Button>
            )}
          </>
        }
      />
      <Card variant="borderless" className="page-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'active_tasks' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: content(key) }))}
        />
      </Card>
      {staff && <CreateVmModal open={creating} onClose={() => setCreating(false)} />}
    </div>
  );
}
