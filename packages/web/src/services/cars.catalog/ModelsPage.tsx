import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Grid, Modal, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditResource, brandRef, hasAnyPermission, modelResource, type AnyResource, type JsonApiList, type JsonApiRecord, type ModelEvent } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import './colors.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

type EventRecord = JsonApiRecord<ModelEvent>;
const EVENT_COLORS: Record<ModelEvent['action'], string> = { create: 'green', update: 'blue', delete: 'red', restore: 'purple' };
const historyKey = ['cars.catalog', 'model_events'] as const;
const PAGE = 20;

/** A page of model events: one model's (`modelId`) or the deleted models (spec 001 §7 /restore/models/...). */
function useModelEvents(scope: { modelId: string } | { deleted: true }, page: number) {
  return useQuery({
    queryKey: [...historyKey, scope, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      'modelId' in scope
        ? api.list<ModelEvent>(gatewayPath('cars.catalog', `restore/models/${scope.modelId}/events`), { 'page[number]': page, 'page[size]': PAGE }, signal)
        : api.list<ModelEvent>(gatewayPath('cars.catalog', 'restore/models/events'), { 'filter[action]': 'delete', 'page[number]': page, 'page[size]': PAGE }, signal),
  });
}

/** The events of one model or the deleted ones, with "restore" where an event allows it (after a confirmation). */
function ModelEvents({ scope }: { scope: { modelId: string } | { deleted: true } }) {
  const { t } = useTranslation(['cars.catalog', 'common']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const narrow = Grid.useBreakpoint().md === false;
  const events = useModelEvents(scope, page);
  const brands = useRefOptions(brandRef);
  const canRestore = !!user?.internal && hasAnyPermission(user?.permissions ?? {}, 'cars.catalog', ['models.restore']);
  const brandName = (id: unknown) => brands.options.find((option) => option.value === Number(id))?.label ?? (id == null ? '—' : `#${String(id)}`);
  const fieldLabel = (field: string) => t(`models.fields.${field}`, { defaultValue: field });
  const shown = (field: string, value: unknown) => (value === null || value === undefined || value === '' ? '—' : field === 'brand_id' ? brandName(value) : String(value));

  const restore = useMutation({
    mutationFn: (event: EventRecord) => api.post(gatewayPath('cars.catalog', `events/${event.id}`)),
    onSuccess: async () => {
      notify.success(t('model_history.restored'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: historyKey }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(modelResource as unknown as AnyResource).all }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource as unknown as AnyResource).all })]);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const confirm = (event: EventRecord) =>
    Modal.confirm({
      title: t(event.attributes.action === 'delete' ? 'model_history.restore_confirm' : 'model_history.restore_update_confirm', { name: event.attributes.name ?? `#${event.attributes.model_id}` }),
      okText: t('model_history.restore'),
      cancelText: t('common:actions.cancel'),
      onOk: () => restore.mutateAsync(event),
    });

  const changes = (event: EventRecord) => {
    const entries = Object.entries(event.attributes.changes).filter(([field]) => field !== 'id' && field !== 'restored_from_event' && field !== 'import_row');
    if (!entries.length) return <Typography.Text type="secondary">—</Typography.Text>;
    return (
      <ul className="model-history__changes">
        {entries.map(([field, value]) => (
          <li key={field}>
            <Typography.Text type="secondary">{fieldLabel(field)}:</Typography.Text>{' '}
            {Array.isArray(value) && (event.attributes.action === 'update' || event.attributes.action === 'restore') ? `${shown(field, value[0])} → ${shown(field, value[1])}` : shown(field, value)}
          </li>
        ))}
      </ul>
    );
  };
  const action = (event: EventRecord) => <Tag color={EVENT_COLORS[event.attributes.action]}>{t(`model_history.actions.${event.attributes.action}`)}</Tag>;
  const restoreButton = (event: EventRecord) =>
    canRestore && event.attributes.restorable ? (
      <Button size="small" icon={<RollbackOutlined aria-hidden />} onClick={() => confirm(event)} loading={restore.isPending && restore.variables?.id === event.id}>
        {t('model_history.restore')}
      </Button>
    ) : null;
  // On a phone: one cell per event, its parts one under another.
  const compact: TableColumnsType<EventRecord> = [
    {
      key: 'event',
      title: 'deleted' in scope ? t('model_history.columns.model') : t('model_history.columns.action'),
      render: (_v, event) => (
        <div className="model-history__compact">
          {'deleted' in scope ? (
            <Typography.Text strong>{event.attributes.name ?? `#${event.attributes.model_id}`} · {brandName(event.attributes.brand_id)}</Typography.Text>
          ) : (
            action(event)
          )}
          <Typography.Text type="secondary">
            {formatDateTime(event.attributes.created_at)} · {event.attributes.actor_name ?? t('model_history.system')}
          </Typography.Text>
          {'deleted' in scope ? null : changes(event)}
          {restoreButton(event)}
        </div>
      ),
    },
  ];
  const columns: TableColumnsType<EventRecord> = narrow ? compact : [
    { key: 'when', title: t('model_history.columns.when'), width: 140, render: (_v, event) => formatDateTime(event.attributes.created_at) },
    ...('deleted' in scope
      ? [
          { key: 'model', title: t('model_history.columns.model'), width: 180, render: (_v: unknown, event: EventRecord) => event.attributes.name ?? `#${event.attributes.model_id}` },
          { key: 'brand', title: t('model_history.columns.brand'), width: 140, render: (_v: unknown, event: EventRecord) => brandName(event.attributes.brand_id) },
        ]
      : [{ key: 'action', title: t('model_history.columns.action'), width: 130, render: (_v: unknown, event: EventRecord) => action(event) }]),
    { key: 'who', title: t('model_history.columns.who'), width: 150, render: (_v, event) => event.attributes.actor_name ?? t('model_history.system') },
    ...('deleted' in scope ? [] : [{ key: 'changes', title: t('model_history.columns.changes'), render: (_v: unknown, event: EventRecord) => changes(event) }]),
    { key: 'restore', title: '', width: 150, render: (_v, event) => restoreButton(event) },
      ];
  if (events.isError) return <Alert type="error" showIcon title={t('model_history.error')} description={errorTitle(events.error)} />;
  const data = events.data as JsonApiList<ModelEvent> | undefined;
  return (
    <DataTable<EventRecord>
      rowKey="id"
      size="small"
      loading={events.isFetching}
      dataSource={(data?.data ?? []) as EventRecord[]}
      columns={columns}
      tableLayout="fixed"
      scroll={narrow ? undefined : { x: 'deleted' in scope ? 730 : 880 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={'deleted' in scope ? t('model_history.deleted_empty') : t('model_history.empty')} /> }}
      pagination={{ current: page, pageSize: PAGE, total: data?.meta?.page?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
      className="model-history"
    />
  );
}

/**
 * The models list (spec 001 §2 "Models show a change history"): each row opens its history, the
 * header the deleted models; restoring (platform staff, models.restore) asks first.
 */
export default function ModelsPage() {
  const { t } = useTranslation(['cars.catalog', 'common']);
  const [history, setHistory] = useState<JsonApiRecord<Record<string, unknown>> | null>(null);
  const [deleted, setDeleted] = useState(false);
  const narrow = Grid.useBreakpoint().md === false;
  const extras: ResourceListExtrasValue = {
    headerExtra: (
      <Button icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleted(true)}>
        {t('model_history.deleted')}
      </Button>
    ),
    leadingColumns: [
      {
        key: 'history',
        width: 56,
        render: (_v, record) => <IconButton type="text" icon={<HistoryOutlined aria-hidden />} aria-label={t('model_history.history')} title={t('model_history.history')} onClick={() => setHistory(record)} />,
      },
    ],
  };
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={modelResource as unknown as AnyResource} />
      <Drawer open={!!history} onClose={() => setHistory(null)} size={narrow ? '100%' : 980} title={t('model_history.history_title', { name: String(history?.attributes.name ?? '') })} destroyOnHidden>
        {history && <ModelEvents scope={{ modelId: history.id }} />}
      </Drawer>
      <Drawer open={deleted} onClose={() => setDeleted(false)} size={narrow ? '100%' : 820} title={t('model_history.deleted_title')} destroyOnHidden>
        {deleted && <ModelEvents scope={{ deleted: true }} />}
      </Drawer>
    </ResourceListExtras.Provider>
  );
}
