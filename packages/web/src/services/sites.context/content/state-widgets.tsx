import { useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Empty, List, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, CopyOutlined, DeleteOutlined, DiffOutlined, RollbackOutlined, SendOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { hasPermission, permissionText, translateMessage, type Lang } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { formatDateTime } from '../../../kit/format.ts';
import { cancelSchedule, scheduleState, serviceOfStates, stateAction, statesPath, useFloorOptions, useInvalidateContent, type StateKind, type StateRecord, type WorkflowTarget } from './content-api.ts';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };
/** Spec 000 §4 publication status: 1 in progress, 2 success, 3 has error, 4 cannot get. */
const PUBLICATION_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'warning' };

/** A state's status in words: draft, submitted, published; a kept version says so. */
export function StatusTag({ state }: { state: StateRecord }) {
  const { t } = useTranslation('sites.context');
  const { status, superseded_at, version } = state.attributes;
  if (status === 3 && superseded_at) return <Tag>{t('states.kept', { version })}</Tag>;
  return <Tag color={STATUS_COLORS[status]}>{status === 3 ? t('states.published_version', { version }) : t(`states.statuses.${status}`)}</Tag>;
}

/** Publication by time and its status (spec 000 §4: 1 in progress, 2 success, 3 has error, 4 cannot get). */
export function PublicationInfo({ state }: { state: StateRecord }) {
  const { t } = useTranslation('sites.context');
  const { lang } = useSession();
  const { publish_at, publication_status, publication_error } = state.attributes;
  if (!publish_at && publication_status !== 3 && publication_status !== 4) return null;
  const error = publication_error ? translateMessage(publication_error, lang as Lang) : null;
  return (
    <Alert
      className="state-publication"
      type={publication_status === 3 ? 'error' : publication_status === 4 ? 'warning' : 'info'}
      showIcon
      icon={<ClockCircleOutlined aria-hidden />}
      title={
        publish_at
          ? t('states.scheduled_at', { at: formatDateTime(publish_at), zone: dayjs().format('Z') })
          : t('states.schedule_failed')
      }
      description={
        <Space direction="vertical" size={0}>
          <span>{t('states.publication_status', { status: t(`states.publication_statuses.${publication_status ?? 1}`) })}</span>
          {error && <span>{error}</span>}
        </Space>
      }
    />
  );
}

/**
 * The workflow buttons of a state (spec 000 §4): submit and delete a draft, publish unless it is
 * published, unpublish the published one, copy into a new draft, publish at a time or cancel it.
 * Publishing, unpublishing and scheduling are the publishing code's alone, on every site: without
 * it the publish button is disabled and says which right it needs; with strict publishing only a
 * submitted state is published, so a draft is offered for review first.
 */
export function WorkflowBar({
  kind,
  state,
  strict,
  editable,
  publishCode,
  changeCode,
  onChanged,
  onOpen,
  onDeleted,
}: {
  /** The sites' page or layout states, or another service's states resource. */
  kind: StateKind | WorkflowTarget;
  state: StateRecord;
  strict: boolean;
  editable: boolean;
  publishCode: string;
  changeCode: string;
  onChanged: (state: StateRecord) => void;
  onOpen: (id: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const invalidate = useInvalidateContent();
  const [scheduling, setScheduling] = useState(false);
  const [moment, setMoment] = useState<Dayjs | null>(null);
  const a = state.attributes;
  const permissions = user?.permissions ?? {};
  const service = serviceOfStates(kind);
  const canChange = editable && hasPermission(permissions, service, changeCode);
  const canPublish = editable && hasPermission(permissions, service, publishCode);
  const current = a.status === 3 && !a.superseded_at;
  const kept = a.status === 3 && !!a.superseded_at;
  const open = !current && !kept;
  const publishable = open && (!strict || a.status === 2);
  const right = permissionText(service, publishCode, lang as Lang)?.name ?? publishCode;

  const run = useMutation({
    mutationFn: async (work: () => Promise<StateRecord | undefined>) => work(),
    onSuccess: async (result, _work) => {
      await invalidate();
      if (result) onChanged(result);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const act = (action: 'submit' | 'publish' | 'unpublish' | 'copy', done: string) =>
    run.mutate(async () => {
      const result = await stateAction(kind, state.id, action);
      notify.success(t(done));
      if (action === 'copy') {
        // The new draft is in the versions list before the editor opens it: an id the (stale) list
        // lacks sends the editor back to the working version.
        await invalidate();
        onOpen(result.id);
      }
      return result;
    });

  return (
    <Space wrap className="workflow-bar">
      {a.status === 1 && canChange && (
        <Button type={strict ? 'primary' : 'default'} icon={<SendOutlined aria-hidden />} onClick={() => act('submit', 'states.done.submit')} loading={run.isPending}>
          {t('states.actions.submit')}
        </Button>
      )}
      {publishable && canPublish && (
        <Popconfirm title={t('states.confirm.publish')} okText={t('states.actions.publish')} cancelText={t('common:actions.cancel')} onConfirm={() => act('publish', 'states.done.publish')}>
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={run.isPending}>
            {t('states.actions.publish')}
          </Button>
        </Popconfirm>
      )}
      {open && canChange && !canPublish && (
        <>
          <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled>
            {t('states.actions.publish')}
          </Button>
          <Typography.Text type="secondary" className="workflow-bar__why" data-testid="publish-needs-right">
            {t('states.publish_needs_right', { right })}
          </Typography.Text>
        </>
      )}
      {open && canPublish && strict && a.status === 1 && (
        <Typography.Text type="secondary" className="workflow-bar__why">
          {t('states.strict_submit_first')}
        </Typography.Text>
      )}
      {publishable && canPublish && (
        <Button icon={<ClockCircleOutlined aria-hidden />} onClick={() => setScheduling(true)}>
          {a.publish_at ? t('states.actions.reschedule') : t('states.actions.schedule')}
        </Button>
      )}
      {a.publish_at && canPublish && (
        <Popconfirm title={t('states.confirm.cancel_schedule')} okText={t('states.actions.cancel_schedule')} cancelText={t('common:actions.cancel')} onConfirm={() => run.mutate(async () => { const result = await cancelSchedule(kind, state.id); notify.success(t('states.done.cancel_schedule')); return result; })}>
          <Button icon={<StopOutlined aria-hidden />}>{t('states.actions.cancel_schedule')}</Button>
        </Popconfirm>
      )}
      {current && canPublish && (
        <Popconfirm title={t('states.confirm.unpublish')} okText={t('states.actions.unpublish')} okButtonProps={{ danger: true }} cancelText={t('common:actions.cancel')} onConfirm={() => act('unpublish', 'states.done.unpublish')}>
          <Button danger icon={<StopOutlined aria-hidden />}>
            {t('states.actions.unpublish')}
          </Button>
        </Popconfirm>
      )}
      {canChange && !kept && (
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => act('copy', 'states.done.copy')}>
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
              await api.delete(statesPath(kind, state.id));
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
        okButtonProps={{ disabled: !moment, loading: run.isPending }}
        onCancel={() => setScheduling(false)}
        onOk={() =>
          moment &&
          run.mutate(async () => {
            const result = await scheduleState(kind, state.id, moment.toISOString());
            notify.success(t('states.done.schedule', { at: formatDateTime(moment.toISOString()) }));
            setScheduling(false);
            return result;
          })
        }
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('states.schedule_hint', { zone: dayjs().format('Z') })}</Typography.Text>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD.MM.YYYY HH:mm"
            aria-label={t('states.schedule_title')}
            style={{ width: '100%' }}
            value={moment}
            onChange={setMoment}
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          />
        </Space>
      </Modal>
    </Space>
  );
}

/** A readable text of a field's value for the comparison. */
function valueText(value: unknown, t: (key: string, options?: Record<string, unknown>) => string, floorName: (id: number) => string): string[] {
  if (value === null || value === undefined || value === '') return ['—'];
  if (typeof value === 'boolean') return [value ? t('common:yes') : t('common:no')];
  if (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'floor_id' in item)) {
    return value.length
      ? value.map((item, index) => {
          const placed = item as { floor_id: number; values?: Record<string, unknown> };
          const values = placed.values && Object.keys(placed.values).length ? `: ${JSON.stringify(placed.values)}` : '';
          return `${index + 1}. ${floorName(placed.floor_id)}${values}`;
        })
      : ['—'];
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
      .map(([key, v]) => `${t(`page_states.fields.sub.${key}`, { defaultValue: key })}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  }
  return [String(value)];
}

/** Two versions side by side, field by field, the differing fields marked. */
export function CompareModal({ open, left, right, fields, onClose }: { open: boolean; left?: StateRecord; right?: StateRecord; fields: string[]; onClose: () => void }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { floors } = useFloorOptions();
  const floorName = (id: number) => floors.find((floor) => floor.id === id)?.title ?? `#${id}`;
  if (!left || !right) return null;
  const label = (state: StateRecord) => (state.attributes.version ? t('states.version', { version: state.attributes.version }) : `#${state.id}`);
  const rows = fields.map((field) => {
    const a = valueText(left.attributes[field], t, floorName);
    const b = valueText(right.attributes[field], t, floorName);
    return { field, a, b, differs: JSON.stringify(left.attributes[field] ?? null) !== JSON.stringify(right.attributes[field] ?? null) };
  });
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={960} title={t('states.compare_title', { a: label(left), b: label(right) })}>
      <table className="compare-table">
        <thead>
          <tr>
            <th>{t('states.field')}</th>
            <th>
              {label(left)} <span className="compare-table__date">{formatDateTime(left.attributes.published_at ?? left.attributes.updated_at)}</span>
            </th>
            <th>
              {label(right)} <span className="compare-table__date">{formatDateTime(right.attributes.published_at ?? right.attributes.updated_at)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className={row.differs ? 'compare-table__row--differs' : undefined}>
              <th scope="row">
                {t(`page_states.fields.${row.field}`, { defaultValue: t(`layout_states.fields.${row.field}`) })}
                {row.differs && <Tag color="orange">{t('states.differs')}</Tag>}
              </th>
              <td>{row.a.map((line, index) => <div key={index}>{line}</div>)}</td>
              <td>{row.b.map((line, index) => <div key={index}>{line}</div>)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

/**
 * The states of a page or layout: the drafts being worked on and every published version, with
 * the side-by-side comparison of two and the restore of a version as a new draft.
 */
export function VersionsPanel({
  kind,
  states,
  currentId,
  fields,
  canRestore,
  onOpen,
}: {
  kind: StateKind;
  states: StateRecord[];
  currentId?: string;
  fields: string[];
  canRestore: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(['sites.context', 'common']);
  const invalidate = useInvalidateContent();
  const [chosen, setChosen] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const restore = useMutation({
    mutationFn: (id: string) => stateAction(kind, id, 'restore'),
    onSuccess: async (draft) => {
      await invalidate();
      notify.success(t('states.done.restore'));
      onOpen(draft.id);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const toggle = (id: string, on: boolean) => setChosen((list) => (on ? [...list.filter((x) => x !== id), id].slice(-2) : list.filter((x) => x !== id)));
  const pick = (id: string) => states.find((state) => state.id === id);
  const [a, b] = chosen.map(pick).sort((x, y) => Number(x?.id) - Number(y?.id));
  return (
    <Card
      size="small"
      title={t('states.versions_title')}
      className="versions-panel"
      extra={
        <Tooltip title={chosen.length < 2 ? t('states.compare_hint') : undefined}>
          <Button size="small" icon={<DiffOutlined aria-hidden />} disabled={chosen.length < 2} onClick={() => setComparing(true)}>
            {t('states.actions.compare')}
          </Button>
        </Tooltip>
      }
    >
      {states.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('states.no_versions')} />
      ) : (
        <List
          size="small"
          dataSource={states}
          renderItem={(state) => (
            <List.Item
              className={state.id === currentId ? 'versions-panel__item versions-panel__item--current' : 'versions-panel__item'}
              actions={[
                // An earlier version comes back as a draft; the current one is copied from the workflow bar.
                state.attributes.status === 3 && state.attributes.superseded_at && canRestore ? (
                  <Popconfirm key="restore" title={t('states.confirm.restore')} okText={t('states.actions.restore')} cancelText={t('common:actions.cancel')} onConfirm={() => restore.mutate(state.id)}>
                    <Button size="small" type="link" icon={<RollbackOutlined aria-hidden />} loading={restore.isPending && restore.variables === state.id}>
                      {t('states.actions.restore')}
                    </Button>
                  </Popconfirm>
                ) : null,
              ].filter(Boolean)}
            >
              <Space align="start">
                <Checkbox aria-label={t('states.choose_for_compare', { name: state.attributes.caption })} checked={chosen.includes(state.id)} onChange={(event) => toggle(state.id, event.target.checked)} />
                <button type="button" className="versions-panel__open" onClick={() => onOpen(state.id)}>
                  <StatusTag state={state} />
                  <span className="versions-panel__caption">{state.attributes.caption}</span>
                  <Typography.Text type="secondary" className="versions-panel__date">
                    {formatDateTime(state.attributes.published_at ?? state.attributes.updated_at)}
                  </Typography.Text>
                </button>
              </Space>
            </List.Item>
          )}
        />
      )}
      <CompareModal open={comparing} left={a} right={b} fields={fields} onClose={() => setComparing(false)} />
    </Card>
  );
}

/** The facts of a state: who and when, where it came from. */
export function StateFacts({ state }: { state: StateRecord }) {
  const { t } = useTranslation('sites.context');
  const a = state.attributes;
  return (
    <Descriptions size="small" column={1} className="state-facts">
      <Descriptions.Item label={t('states.facts.status')}>
        <StatusTag state={state} />
      </Descriptions.Item>
      {a.published_at && <Descriptions.Item label={t('states.facts.published_at')}>{formatDateTime(a.published_at)}</Descriptions.Item>}
      {a.publication_status != null && (
        <Descriptions.Item label={t('states.facts.publication_status')}>
          <Tag color={PUBLICATION_COLORS[a.publication_status]}>{t(`states.publication_statuses.${a.publication_status}`)}</Tag>
        </Descriptions.Item>
      )}
      {a.publish_at && <Descriptions.Item label={t('states.facts.publish_at')}>{formatDateTime(a.publish_at)}</Descriptions.Item>}
      <Descriptions.Item label={t('states.facts.updated_at')}>{formatDateTime(a.updated_at)}</Descriptions.Item>
      {a.copied_from_id && <Descriptions.Item label={t('states.facts.copied_from')}>#{a.copied_from_id}</Descriptions.Item>}
    </Descriptions>
  );
}

/** The notice of a screen whose content is an official master's central content. */
export function CentralLockNotice({ locked }: { locked: boolean }) {
  const { t } = useTranslation('sites.context');
  if (!locked) return null;
  return <Alert type="warning" showIcon className="content-alert" title={t('content.central_locked')} description={t('content.central_locked_hint')} />;
}
