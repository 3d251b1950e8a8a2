import { useContext, useEffect, useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Grid, Result, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission, type AnyResource, type FilterDef, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../app/notify.ts';
import { useSession } from '../app/session.ts';
import { api, errorTitle } from './api.ts';
import { PageHeader } from './PageHeader.tsx';
import { DATE_FORMAT } from './format.ts';
import { queryKeys } from './queryKeys.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { ResourceTable } from './ResourceTable.tsx';
import { fieldOptions, optionText, recordLabel } from './resourceText.ts';
import { ResourceListExtras } from './resourceListExtras.ts';
import { FormDrawer } from './unsaved.tsx';
import { recordPath, useRefOptions, useResourceList, type ListChange } from './useResourceList.ts';
import { IconButton } from './IconButton.tsx';
import { SearchInput } from './SearchInput.tsx';

type Row = JsonApiRecord<Record<string, unknown>>;

function TextFilter({ value, label, onChange }: { value?: string; label: string; onChange: (value: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (text === (value ?? '')) return;
    const timer = setTimeout(() => onChange(text.trim() || null), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <SearchInput
      allowClear
      value={text}
      placeholder={label}
      aria-label={label}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onChange(next.trim() || null)}
      style={{ width: 280 }}
    />
  );
}

function RefFilter({ filter, value, label, narrow, onChange }: { filter: FilterDef; value?: string; label: string; narrow?: Record<string, string>; onChange: (value: string | null) => void }) {
  const { options, allowed, isFetching } = useRefOptions(filter.ref, narrow);
  if (!allowed) return null;
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={label}
      aria-label={label}
      loading={isFetching}
      value={value === undefined ? undefined : options.find((option) => String(option.value) === value)?.value ?? value}
      options={options}
      onChange={(next) => onChange(next === undefined || next === null ? null : String(next))}
      style={{ minWidth: 220 }}
      popupMatchSelectWidth={false}
    />
  );
}

/** The filters of r.filters that have a widget: search text, reference selects, option and boolean selects, a day. */
function ResourceFilters({ resource, filters, onChange }: { resource: AnyResource; filters: Record<string, string | undefined>; onChange: (change: ListChange, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation([resource.service, 'common']);
  const label = (name: string, def: FilterDef) => {
    const column = def.columns?.length === 1 ? def.columns[0] : name;
    return t(`${resource.service}:${resource.name}.filters.${name}`, {
      defaultValue: def.widget === 'text' ? t('common:actions.search') : t(`${resource.service}:${resource.name}.fields.${column}`),
    });
  };
  // Cascading filters (FilterDef.within): a change clears the filters narrowed by it, and theirs.
  const dependents = (name: string): string[] =>
    Object.entries(resource.filters).flatMap(([other, def]) => (def.within === name ? [other, ...dependents(other)] : []));
  const set = (name: string) => (value: string | null) => onChange({ filters: { [name]: value, ...Object.fromEntries(dependents(name).map((other) => [other, null])) } });
  const controls = Object.entries(resource.filters).flatMap(([name, def]) => {
    if (!def.widget) return [];
    const value = filters[name];
    // Typing replaces the history entry instead of stacking one per pause.
    if (def.widget === 'text') return [<TextFilter key={name} value={value} label={label(name, def)} onChange={(next) => onChange({ filters: { [name]: next } }, { replace: true })} />];
    if (def.widget === 'ref') {
      const parent = def.within ? filters[def.within] : undefined;
      return [<RefFilter key={name} filter={def} value={value} label={label(name, def)} narrow={parent ? { [def.within!]: parent } : undefined} onChange={set(name)} />];
    }
    // A day (`YYYY-MM-DD` in the query), shown in the interface's date format.
    if (def.widget === 'date') {
      return [
        <DatePicker
          key={name}
          allowClear
          format={DATE_FORMAT}
          placeholder={label(name, def)}
          aria-label={label(name, def)}
          value={value ? dayjs(value) : null}
          onChange={(next) => set(name)(next ? next.format('YYYY-MM-DD') : null)}
          style={{ minWidth: 180 }}
        />,
      ];
    }
    if (def.widget === 'boolean') {
      return [
        <Select
          key={name}
          allowClear
          placeholder={label(name, def)}
          aria-label={label(name, def)}
          value={value}
          style={{ minWidth: 160 }}
          options={[
            { value: 'true', label: t('common:yes') },
            { value: 'false', label: t('common:no') },
          ]}
          onChange={(next) => set(name)(next ?? null)}
        />,
      ];
    }
    // 'select': the filter's options, else those of the form field of the same name; 'in' filters take several.
    const options = fieldOptions(resource, name) ?? [];
    const multiple = def.op === 'in';
    return [
      <Select
        key={name}
        allowClear
        mode={multiple ? 'multiple' : undefined}
        placeholder={label(name, def)}
        aria-label={label(name, def)}
        value={multiple ? (value ? value.split(',') : []) : value}
        style={{ minWidth: 200 }}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={false}
        options={options.map((option) => ({ value: String(option.value), label: optionText(t, resource, option) }))}
        onChange={(next: string | string[] | undefined) => set(name)(Array.isArray(next) ? next.join(',') || null : (next ?? null))}
      />,
    ];
  });
  if (controls.length === 0) return null;
  return (
    <Space wrap size={[12, 12]} className="resource-filters">
      {controls}
    </Space>
  );
}

/**
 * The generic list screen of a ResourceDef: header with Create, filters, server-paged table,
 * a drawer with the form, delete with confirmation.
 */
export interface ResourceListPageProps {
  resource: AnyResource;
  /** The record's own page (users, roles ...): the first column links there. */
  detailPath?: (record: Row) => string;
  /** Details under a row. */
  expandable?: (record: Row) => ReactNode;
}

export function ResourceListPage({ resource, detailPath, expandable }: ResourceListPageProps) {
  const { t } = useTranslation([resource.service, 'common']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const list = useResourceList<Record<string, unknown>>(resource);
  const extras = useContext(ResourceListExtras);
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [drawerFooter, setDrawerFooter] = useState<HTMLDivElement | null>(null);
  const screens = Grid.useBreakpoint();
  const permissions = user?.permissions ?? {};
  // A read-only resource (the audit trail) has no write routes at all.
  const writable = !resource.readOnly;
  const canCreate = writable && hasAnyPermission(permissions, resource.service, resource.permissions.create);
  const canUpdate = writable && hasAnyPermission(permissions, resource.service, resource.permissions.update);
  const canDelete = writable && hasAnyPermission(permissions, resource.service, resource.permissions.delete);

  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(recordPath(resource, record.id)),
    onSuccess: async (_data, record) => {
      notify.success(t(resource.deleteDeactivates ? 'common:notices.deactivated' : 'common:notices.deleted'), recordLabel(record, resource));
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  // A page past the end (after deletions) falls back to the last one.
  const { total, page, size, records, query, change } = list;
  useEffect(() => {
    if (!query.isPlaceholderData && query.isSuccess && records.length === 0 && page > 1 && total > 0) {
      change({ page: Math.max(1, Math.ceil(total / size)) }, { replace: true });
    }
  }, [query.isPlaceholderData, query.isSuccess, records.length, page, total, size, change]);

  const title = t(`${resource.service}:${resource.name}.title`);
  const openCreate = () => setEditing({ record: null });
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
      {t('common:actions.create')}
    </Button>
  );

  const empty = list.hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
      <Button onClick={list.resetFilters}>{t('common:actions.reset_filters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${resource.service}:${resource.name}.empty`, { defaultValue: t('common:empty') })}>
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
          {t(`${resource.service}:${resource.name}.create_first`, { defaultValue: t('common:actions.create') })}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={t(`${resource.service}:${resource.name}.subtitle`, { defaultValue: '' }) || undefined}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {extras.headerExtra}
            {createButton}
          </Space>
        }
      />
      {extras.headerTabs}
      <Card variant="borderless" className="page-card">
        <ResourceFilters resource={resource} filters={list.filters} onChange={list.change} />
        {list.query.isError && !list.query.data ? (
          <Result
            status="error"
            title={t('common:load_failed')}
            subTitle={errorTitle(list.query.error)}
            extra={
              <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.query.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : (
          <ResourceTable
            resource={resource}
            records={list.records}
            included={list.included}
            loading={list.query.isFetching}
            page={list.page}
            size={list.size}
            total={list.total}
            estimated={list.estimated}
            sort={list.sort}
            onPage={(nextPage, nextSize) => list.change(nextSize !== list.size ? { size: nextSize } : { page: nextPage })}
            onSort={(sort) => list.change({ sort })}
            onEdit={canUpdate ? (record) => setEditing({ record }) : undefined}
            onDelete={canDelete ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
            detailPath={detailPath}
            expandable={expandable}
            empty={list.query.isLoading ? <span /> : empty}
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={
          editing?.record
            ? t(`${resource.service}:${resource.name}.edit_title`, { name: recordLabel(editing.record, resource) })
            : t(`${resource.service}:${resource.name}.create_title`)
        }
        size={screens.sm === false ? '100%' : resource.form.some((field) => field.widget === 'permissions') ? 800 : 560}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setDrawerFooter} className="drawer-actions" />}
      >
        {editing && (
          <ResourceForm
            key={editing.record?.id ?? 'new'}
            resource={resource}
            record={editing.record}
            actionsContainer={drawerFooter}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDrawer>
    </div>
  );
}
