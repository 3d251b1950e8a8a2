import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Popconfirm, Result, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPONENTS, floorResource, hasPermission, seededText, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { useResourceList } from '../../kit/useResourceList.ts';
import { cutDescription, DESCRIPTION_CUT, FLOOR_CREATE_PATH, floorEditPath, floorPath, switchFloor, useFloorGroups, useInvalidateFloors, type FloorAttributes } from './floor-api.ts';
import './floors.css';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

const resource = floorResource as unknown as AnyResource;
type Row = JsonApiRecord<Record<string, unknown>>;

/** Whether the viewer may change a floor: platform and official floors are staff's. */
export const canChangeFloor = (floor: Pick<FloorAttributes, 'client_id' | 'official'>, staff: boolean) => staff || (floor.client_id !== null && !floor.official);

/** The enable switch of a row: confirmed both ways (spec 000 §4 "with confirmation"). */
function EnabledSwitch({ record, allowed }: { record: Row; allowed: boolean }) {
  const { t } = useTranslation('floors.storage');
  const invalidate = useInvalidateFloors();
  const enabled = record.attributes.enabled as boolean;
  const name = String(record.attributes.title);
  const toggle = useMutation({
    mutationFn: () => switchFloor(record.id, !enabled),
    onSuccess: async () => {
      notify.success(t(enabled ? 'floors.disabled_notice' : 'floors.enabled_notice', { name }));
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const control = <Switch size="small" checked={enabled} loading={toggle.isPending} disabled={!allowed} aria-label={`${t('floors.fields.enabled')}: ${name}`} />;
  if (!allowed) return control;
  return (
    <Popconfirm
      title={t(enabled ? 'floors.disable_confirm.title' : 'floors.enable_confirm.title')}
      description={<span className="floor-confirm">{t(enabled ? 'floors.disable_confirm.text' : 'floors.enable_confirm.text', { name })}</span>}
      okText={t(enabled ? 'floors.disable' : 'floors.enable')}
      okButtonProps={{ danger: enabled }}
      cancelText={t('common:actions.cancel')}
      onConfirm={() => toggle.mutateAsync().catch(() => undefined)}
    >
      {control}
    </Popconfirm>
  );
}

/**
 * /floors.storage/floors: the floor library — the platform's floors and the client's own —
 * searchable and filtered by group, component and state; a row opens the floor's editor, the
 * switch enables or disables it after a confirmation.
 */
export default function FloorsPage() {
  const { t, i18n } = useTranslation(['floors.storage', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const navigate = useNavigate();
  const { user } = useSession();
  const list = useResourceList<Record<string, unknown>>(resource);
  const groups = useFloorGroups();
  const invalidate = useInvalidateFloors();
  const [search, setSearch] = useState(list.filters.search ?? '');
  const permissions = user?.permissions ?? {};
  const staff = !!user?.internal;
  const canCreate = hasPermission(permissions, 'floors.storage', 'floors.create');
  const canPatch = hasPermission(permissions, 'floors.storage', 'floors.patch');
  const canDelete = hasPermission(permissions, 'floors.storage', 'floors.delete');

  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(floorPath(`/${record.id}`)),
    onSuccess: async (_data, record) => {
      notify.success(t('common:notices.deleted'), String(record.attributes.title));
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const extras = useMemo(
    () => ({
      cellRenderers: {
        description: (value: unknown) => {
          const text = String(value ?? '');
          if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
          return text.length > DESCRIPTION_CUT ? (
            <Tooltip title={text} placement="topLeft">
              <span className="floor-description">{cutDescription(text)}</span>
            </Tooltip>
          ) : (
            <span className="floor-description">{text}</span>
          );
        },
        component: (value: unknown) => <Tag className="cell-tag">{COMPONENTS.find((component) => component.identity === value)?.name[lang] ?? String(value)}</Tag>,
        client_id: (value: unknown, record: Row) =>
          value === null ? (
            <Tag color="purple" className="cell-tag">{t('floors.platform')}</Tag>
          ) : (
            <Tag color="blue" className="cell-tag">
              {String((list.included.find((entry) => entry.type === 'clients' && entry.id === String(value))?.attributes.name as string | undefined) ?? `#${String(record.attributes.client_id)}`)}
            </Tag>
          ),
        enabled: (_value: unknown, record: Row) => <EnabledSwitch record={record} allowed={canPatch && canChangeFloor(record.attributes as unknown as FloorAttributes, staff)} />,
        official: (value: unknown) => (value ? <Tag color="gold" className="cell-tag">{t('floors.official')}</Tag> : <Typography.Text type="secondary">—</Typography.Text>),
      },
    }),
    [lang, list.included, canPatch, staff, t],
  );

  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(FLOOR_CREATE_PATH)}>
      {t('floors.create')}
    </Button>
  );
  const setFilter = (name: string) => (value: string | null | undefined) => list.change({ filters: { [name]: value ?? null } });
  const empty = list.hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
      <Button onClick={() => { setSearch(''); list.resetFilters(); }}>{t('common:actions.reset_filters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('floors.empty')}>
      {createButton}
    </Empty>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('floors.title')}
        subtitle={t('floors.subtitle')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            value={search}
            placeholder={t('floors.filters.search')}
            aria-label={t('floors.filters.search')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.change({ filters: { search: value.trim() || null } }, { replace: true })}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            placeholder={t('floors.filters.group_id')}
            aria-label={t('floors.filters.group_id')}
            loading={groups.isFetching}
            value={list.filters.group_id}
            onChange={setFilter('group_id')}
            options={(groups.data ?? []).map((group) => ({ value: group.id, label: seededText(group.attributes.name, lang) }))}
            style={{ minWidth: 200 }}
            popupMatchSelectWidth={false}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('floors.filters.component')}
            aria-label={t('floors.filters.component')}
            value={list.filters.component}
            onChange={setFilter('component')}
            options={COMPONENTS.map((component) => ({ value: component.identity, label: component.name[lang] }))}
            style={{ minWidth: 200 }}
            popupMatchSelectWidth={false}
          />
          <Select
            allowClear
            placeholder={t('floors.filters.enabled')}
            aria-label={t('floors.filters.enabled')}
            value={list.filters.enabled}
            onChange={setFilter('enabled')}
            options={[
              { value: 'true', label: t('floors.enabled_yes') },
              { value: 'false', label: t('floors.enabled_no') },
            ]}
            style={{ minWidth: 160 }}
          />
          <Select
            allowClear
            placeholder={t('floors.filters.official')}
            aria-label={t('floors.filters.official')}
            value={list.filters.official}
            onChange={setFilter('official')}
            options={[
              { value: 'true', label: t('common:yes') },
              { value: 'false', label: t('common:no') },
            ]}
            style={{ minWidth: 160 }}
          />
        </Space>
        {list.query.isError && !list.query.data ? (
          <Result
            status="error"
            title={t('common:load_failed')}
            subTitle={errorTitle(list.query.error)}
            extra={<Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.query.refetch()}>{t('common:actions.retry')}</Button>}
          />
        ) : (
          <ResourceListExtras.Provider value={extras}>
            <ResourceTable
              resource={resource}
              records={list.records}
              included={list.included}
              loading={list.query.isFetching}
              page={list.page}
              size={list.size}
              total={list.total}
              sort={list.sort}
              onPage={(page, size) => list.change(size !== list.size ? { size } : { page })}
              onSort={(sort) => list.change({ sort })}
              detailPath={(record) => floorEditPath(record.id)}
              onEdit={(record) => navigate(floorEditPath(record.id))}
              onDelete={canDelete ? (record) => (canChangeFloor(record.attributes as unknown as FloorAttributes, staff) ? remove.mutateAsync(record).catch(() => undefined) : Promise.resolve(notify.error(t('floors.read_only')))) : undefined}
              empty={list.query.isLoading ? <span /> : empty}
            />
          </ResourceListExtras.Provider>
        )}
      </Card>
    </div>
  );
}
