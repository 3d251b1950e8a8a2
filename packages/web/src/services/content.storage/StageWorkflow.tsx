import { useState } from 'react';
import { Alert, Button, DatePicker, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { ClockCircleOutlined, CopyOutlined, DeleteOutlined, RollbackOutlined, SendOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { permissionText, translateMessage, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { cancelStageSchedule, scheduleStage, stageAction, stagePath, useInvalidateStages, useStageRights, type StageStateRecord } from './stage-api.ts';
import { IconButton } from '../../kit/IconButton.tsx';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };

/** A stage state's status in words; a kept version says so. */
export function StageStatusTag({ state }: { state: StageStateRecord }) {
  const { t } = useTranslation('content.storage');
  const { status, superseded_at, version } = state.attributes;
  if (status === 3 && superseded_at) return <Tag>{t('states.kept', { version })}</Tag>;
  return <Tag color={STATUS_COLORS[status]}>{status === 3 ? t('states.published_version', { version }) : t(`states.statuses.${status}`)}</Tag>;
}

/** Publication by time and its status (spec 000 §4: 1 in progress, 2 success, 3 has error, 4 cannot get). */
export function StagePublication({ state }: { state: StageStateRecord }) {
  const { t } = useTranslation('content.storage');
  const { lang } = useSession();
  const { publish_at, publication_status, publication_error } = state.attributes;
  if (!publish_at && publication_status !== 3 && publication_status !== 4) return null;
  return (
    <Alert
      type={publication_status === 3 ? 'error' : publication_status === 4 ? 'warning' : 'info'}
      showIcon
      icon={<ClockCircleOutlined aria-hidden />}
      data-testid="stage-publication"
      title={publish_at ? t('states.scheduled_at', { at: formatDateTime(publish_at), zone: dayjs().format('Z') }) : t('states.schedule_failed')}
      description={[
        t('states.publication_status', { status: t(`states.publication_statuses.${publication_status ?? 1}`) }),
        publication_error ? translateMessage(publication_error, lang as Lang) : null,
      ]
        .filter(Boolean)
        .join('. ')}
    />
  );
}

/**
 * The workflow of a stage state (spec 000 §4): submit and delete a draft; publish unless it is
 * published, at once or at a chosen moment (cancellable); unpublish the published one; copy into a
 * new draft. Publishing is stages.publish's alone, on every site (without it the button is
 * disabled and says so); on a strict site only a submitted state is published.
 */
export function StageWorkflowBar({ state, strict, editable, onChanged, onOpen, onDeleted }: { state: StageStateRecord; strict: boolean; editable: boolean; onChanged: (state: StageStateRecord) => void; onOpen: (id: string) => void; onDeleted: () => void }) {
  const { t } = useTranslation(['content.storage', 'common']);
  const { lang } = useSession();
  const rights = useStageRights();
  const invalidate = useInvalidateStages();
  const [scheduling, setScheduling] = useState(false);
  const [moment, setMoment] = useState<Dayjs | null>(null);
  const a = state.attributes;
  const canChange = editable && rights.change;
  const canPublish = editable && rights.publish;
  const current = a.status === 3 && !a.superseded_at;
  const kept = a.status === 3 && !!a.superseded_at;
  const open = !current && !kept;
  const publishable = open && (!strict || a.status === 2);
  const right = permissionText('content.storage', 'stages.publish', lang as Lang)?.name ?? 'stages.publish';
  // A stage without a mobile image shows its text over the picture on phones: publishing asks twice.
  const withoutMobile = !a.images?.mobile;
  const run = useMutation({
    mutationFn: (work: () => Promise<StageStateRecord | undefined>) => work(),
    onSuccess: async (result) => {
      await invalidate();
      if (result) onChanged(result);
    },
    onError: (error) => notify.error(t('states.failed'), errorTitle(error, lang)),
  });
  const act = (action: 'submit' | 'publish' | 'unpublish' | 'copy') =>
    run.mutate(async () => {
      const result = await stageAction(state.id, action);
      notify.success(t(`states.done.${action}`));
      if (action === 'copy') onOpen(result.id);
      return result;
    });
  return (
    <Space wrap className="stage-workflow">
      {a.status === 1 && canChange && (
        <Button type={strict ? 'primary' : 'default'} icon={<SendOutlined aria-hidden />} onClick={() => act('submit')} loading={run.isPending}>
          {t('states.actions.submit')}
        </Button>
      )}
      {publishable && canPublish && (
        <Popconfirm
          title={t('states.confirm.publish')}
          description={withoutMobile ? <Typography.Text type="warning">{t('states.confirm.publish_without_mobile')}</Typography.Text> : undefined}
          okText={t('states.actions.publish')}
          cancelText={t('common:actions.cancel')}
          onConfirm={() => act('publish')}
        >
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={run.isPending}>
            {t('states.actions.publish')}
          </Button>
        </Popconfirm>
      )}
      {publishable && canPublish && (
        <Button icon={<ClockCircleOutlined aria-hidden />} onClick={() => setScheduling(true)}>
          {a.publish_at ? t('states.actions.reschedule') : t('states.actions.schedule')}
        </Button>
      )}
      {open && canChange && !canPublish && (
        <>
          <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled>
            {t('states.actions.publish')}
          </Button>
          <Typography.Text type="secondary" data-testid="publish-needs-right">
            {t('states.publish_needs_right', { right })}
          </Typography.Text>
        </>
      )}
      {open && canPublish && strict && a.status === 1 && <Typography.Text type="secondary">{t('states.strict_submit_first')}</Typography.Text>}
      {a.publish_at && canPublish && (
        <Popconfirm
          title={t('states.confirm.cancel_schedule')}
          okText={t('states.actions.cancel_schedule')}
          cancelText={t('common:actions.cancel')}
          onConfirm={() =>
            run.mutate(async () => {
              const result = await cancelStageSchedule(state.id);
              notify.success(t('states.done.cancel_schedule'));
              return result;
            })
          }
        >
          <Button icon={<StopOutlined aria-hidden />}>{t('states.actions.cancel_schedule')}</Button>
        </Popconfirm>
      )}
      {current && canPublish && (
        <Popconfirm title={t('states.confirm.unpublish')} okText={t('states.actions.unpublish')} okButtonProps={{ danger: true }} cancelText={t('common:actions.cancel')} onConfirm={() => act('unpublish')}>
          <Button danger icon={<StopOutlined aria-hidden />}>
            {t('states.actions.unpublish')}
          </Button>
        </Popconfirm>
      )}
      {canChange && !kept && (
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => act('copy')}>
          {t('states.actions.copy')}
        </Button>
      )}
      {a.status === 1 && canChange && (
        <Popconfirm
          title={t('states.confirm.delete')}
          okText={t('common:actions.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:actions.cancel')}
          onConfirm={() =>
            run.mutate(async () => {
              await api.delete(stagePath(`stage_states/${state.id}`));
              notify.success(t('common:notices.deleted'));
              onDeleted();
              return undefined;
            })
          }
        >
          <Button danger type="text" icon={<DeleteOutlined aria-hidden />}>
            {t('states.actions.delete')}
          </Button>
        </Popconfirm>
      )}
      <Modal
        open={scheduling}
        title={t('states.schedule_title')}
        okText={t('states.actions.schedule')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ disabled: !moment, loading: run.isPending, 'data-testid': 'schedule-ok' } as never}
        onCancel={() => setScheduling(false)}
        onOk={() =>
          moment &&
          run.mutate(async () => {
            const result = await scheduleStage(state.id, moment.toISOString());
            notify.success(t('states.done.schedule', { at: formatDateTime(moment.toISOString()) }));
            setScheduling(false);
            return result;
          })
        }
        destroyOnHidden
      >
        <Space orientation="vertical" className="stage-schedule">
          <Typography.Text>{t('states.schedule_hint', { zone: dayjs().format('Z') })}</Typography.Text>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD.MM.YYYY HH:mm"
            aria-label={t('states.schedule_title')}
            className="stage-schedule__picker"
            value={moment}
            onChange={setMoment}
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          />
        </Space>
      </Modal>
    </Space>
  );
}

/** The states of a stage: drafts and every published version; a version is restored as a new draft. */
export function StageVersions({ states, currentId, onOpen }: { states: StageStateRecord[]; currentId?: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation(['content.storage', 'common']);
  const { lang } = useSession();
  const rights = useStageRights();
  const invalidate = useInvalidateStages();
  const restore = useMutation({
    mutationFn: (id: string) => stageAction(id, 'restore'),
    onSuccess: async (draft) => {
      await invalidate();
      notify.success(t('states.done.restore'));
      onOpen(draft.id);
    },
    onError: (error) => notify.error(t('states.failed'), errorTitle(error, lang)),
  });
  return (
    <List
      size="small"
      dataSource={states}
      locale={{ emptyText: t('states.no_versions') }}
      renderItem={(state) => (
        <List.Item
          className={state.id === currentId ? 'stage-versions__item stage-versions__item--current' : 'stage-versions__item'}
          actions={
            state.attributes.status === 3 && rights.change
              ? [
                  <Popconfirm key="restore" title={t('states.confirm.restore')} okText={t('states.actions.restore')} cancelText={t('common:actions.cancel')} onConfirm={() => restore.mutate(state.id)}>
                    <IconButton size="small" type="link" icon={<RollbackOutlined aria-hidden />} aria-label={t('states.actions.restore')} />
                  </Popconfirm>,
                ]
              : []
          }
        >
          <button type="button" className="stage-versions__open" onClick={() => onOpen(state.id)}>
            <StageStatusTag state={state} />
            <span className="stage-versions__name">{state.attributes.name}</span>
            <Typography.Text type="secondary" className="stage-versions__date">
              {formatDateTime(state.attributes.published_at ?? state.attributes.updated_at)}
            </Typography.Text>
          </button>
        </List.Item>
      )}
    />
  );
}
