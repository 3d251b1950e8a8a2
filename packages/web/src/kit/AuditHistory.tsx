import { useState, type ReactNode } from 'react';
import { Button, Result, Table, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditResource, findResource, hasAnyPermission, RESOURCES, seededText, type AnyResource, type JsonApiList, type JsonApiRecord } from '@dp/contracts';
import { currentLang } from '../app/i18n.ts';
import { useSession } from '../app/session.ts';
import { api, errorTitle } from './api.ts';
import { formatDateTime } from './format.ts';
import { labelText, valueText } from './resourceText.ts';
import { includedIndex, listPath, useRefOptions } from './useResourceList.ts';

type Row = JsonApiRecord<Record<string, unknown>>;
type T = (key: string, options?: Record<string, unknown>) => string;

/** The colours of the actions: writes by kind, access events calm, refusals red. */
const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  activate: 'green',
  deactivate: 'orange',
  account_removed: 'red',
  sign_in_failed: 'red',
  token_created: 'purple',
  token_deleted: 'purple',
};

/** The resource an audit entry is about: the one of its service, else the only one of its name. */
export function auditTarget(entry: Record<string, unknown>): AnyResource | undefined {
  const service = String(entry.service ?? '');
  const name = String(entry.resource ?? '');
  return findResource(service, name) ?? RESOURCES.find((resource) => resource.name === name);
}

/** An action in words ("Вход", "Изменение"). */
export function ActionTag({ action }: { action: unknown }) {
  const { t } = useTranslation('clients.storage');
  const value = String(action);
  return (
    <Tag color={ACTION_COLORS[value]} className="cell-tag">
      {t(`audit.actions.${value}`, { defaultValue: value })}
    </Tag>
  );
}

/** The label of a changed field: the target resource's, else the trail's own words, else the name. */
function changeLabel(t: T, target: AnyResource | undefined, field: string): string {
  const general = t(`clients.storage:audit.change_fields.${field}`, { defaultValue: field });
  return target ? t(`${target.service}:${target.name}.fields.${field}`, { defaultValue: general }) : general;
}

const HIDDEN = '[hidden]';

/** Names of referenced records (clients, roles ...) for the ids of a changed field. */
function RefNames({ ids, target, field }: { ids: unknown[]; target: AnyResource; field: string }) {
  const ref = target.refs?.[field];
  const { options, allowed } = useRefOptions(ref);
  const lang = currentLang();
  return (
    <span className="audit-value">
      {ids.map((id) => {
        const found = allowed ? options.find((option) => String(option.value) === String(id)) : undefined;
        return (
          <Tag key={String(id)} variant="filled" className="cell-tag">
            {found ? seededText(found.label, lang) : `#${String(id)}`}
          </Tag>
        );
      })}
    </span>
  );
}

/** One value of a change, readable: names for references and options, words for yes/no and hidden secrets. */
export function AuditValue({ value, target, field }: { value: unknown; target?: AnyResource; field: string }): ReactNode {
  const { t } = useTranslation(['clients.storage', 'common']);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === HIDDEN) return <Typography.Text type="secondary" italic>{t('clients.storage:audit.hidden')}</Typography.Text>;
  if (typeof value === 'boolean') return <>{value ? t('common:yes') : t('common:no')}</>;
  if (target?.refs?.[field]) return <RefNames ids={Array.isArray(value) ? value : [value]} target={target} field={field} />;
  const option = target ? valueText(t, target, field, value) : null;
  if (option !== null) return <>{option}</>;
  // A value of a field with choices the resource does not list: the resource's words for it.
  const nameOf = (one: unknown) => (target && (typeof one === 'string' || typeof one === 'number') ? t(`${target.service}:${target.name}.values.${field}.${one}`, { defaultValue: '' }) : '');
  const named = nameOf(value);
  if (named) return <>{named}</>;
  // A group of values (a site's logos, its context): each with its label, never raw JSON.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return (
      <dl className="audit-fields audit-fields--nested">
        {Object.entries(value as Record<string, unknown>).map(([key, inner]) => (
          <div key={key} className="audit-fields__row">
            <dt>{changeLabel(t, target, key)}</dt>
            <dd>
              <AuditValue value={inner} target={target} field={key} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (typeof value === 'string') {
    const word = t(`clients.storage:audit.values.${value}`, { defaultValue: '' });
    if (word) return <>{word}</>;
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return <>{formatDateTime(value)}</>;
    return <>{seededText(value, currentLang())}</>;
  }
  return <>{Array.isArray(value) ? value.map((one) => nameOf(one) || (typeof one === 'object' ? JSON.stringify(one) : String(one))).join(', ') : String(value)}</>;
}

const isPair = (value: unknown): value is [unknown, unknown] => Array.isArray(value) && value.length === 2;

/**
 * The changes of an entry as a table with field labels: before → after for an update, the values
 * of a created or deleted record, the details of an access event.
 */
export function AuditChanges({ entry }: { entry: Row['attributes'] }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const changes = (entry.changes as Record<string, unknown> | null) ?? {};
  const target = auditTarget(entry);
  const fields = Object.keys(changes);
  if (!fields.length) return <Typography.Text type="secondary">{t('clients.storage:audit.no_changes')}</Typography.Text>;
  const diff = fields.some((field) => isPair(changes[field])) && entry.action !== 'create' && entry.action !== 'delete';
  // A created or deleted record, or an access event: its values, one per line.
  if (!diff) {
    return (
      <dl className="audit-fields">
        {fields.map((field) => (
          <div key={field} className="audit-fields__row">
            <dt>{changeLabel(t, target, field)}</dt>
            <dd>
              <AuditValue value={changes[field]} target={target} field={field} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  const rows = fields.map((field) => ({ field, value: changes[field] }));
  const value = (side: 0 | 1) => (_: unknown, row: (typeof rows)[number]) => <AuditValue value={isPair(row.value) ? row.value[side] : side ? row.value : undefined} target={target} field={row.field} />;
  return (
    <Table
      className="audit-changes"
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      tableLayout="fixed"
      columns={[
        { key: 'field', title: t('clients.storage:audit.field'), width: '30%', render: (_: unknown, row: (typeof rows)[number]) => <Typography.Text strong>{changeLabel(t, target, row.field)}</Typography.Text> },
        { key: 'before', title: t('clients.storage:audit.before'), render: value(0) },
        { key: 'after', title: t('clients.storage:audit.after'), render: value(1) },
      ]}
    />
  );
}

/** An entry opened in the trail: its service and address, then its changes. */
export function AuditDetails({ entry }: { entry: Row['attributes'] }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const meta = [
    `${t('clients.storage:audit.fields.service')}: ${t(`common:services.${String(entry.service)}`, { defaultValue: String(entry.service) })}`,
    entry.ip ? `${t('clients.storage:audit.fields.ip')}: ${String(entry.ip)}` : null,
    entry.actor_token_id ? t('clients.storage:audit.by_token') : null,
  ].filter(Boolean);
  return (
    <div className="audit-entry">
      <Typography.Text type="secondary" className="audit-entry__who">
        {meta.join(' · ')}
      </Typography.Text>
      <AuditChanges entry={entry} />
    </div>
  );
}

const PAGE = 10;

/**
 * Entries of the audit trail as a timeline, newest first, ten at a time: a record's history
 * (`resource` + `recordId`) or what a user did (`actorUserId`).
 */
export function AuditHistory({ resource, recordId, actorUserId }: { resource?: string; recordId?: string; actorUserId?: string }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user } = useSession();
  const [pages, setPages] = useState(1);
  const allowed = hasAnyPermission(user?.permissions ?? {}, auditResource.service, auditResource.permissions.list);
  const filter = actorUserId ? { 'filter[actor_user_id]': actorUserId } : { 'filter[resource]': resource, 'filter[record_id]': recordId };
  const query = useQuery({
    queryKey: ['clients.storage', 'audit', 'history', filter, pages],
    enabled: allowed,
    placeholderData: (previous) => previous,
    queryFn: () => api.list(listPath(auditResource), { ...filter, 'page[number]': 1, 'page[size]': pages * PAGE, sort: '-id' }) as Promise<JsonApiList<Record<string, unknown>>>,
  });
  if (!allowed) return <Typography.Text type="secondary">{t('clients.storage:audit.not_allowed')}</Typography.Text>;
  if (query.isError) return <Result status="warning" title={t('common:load_failed')} subTitle={errorTitle(query.error)} />;
  const refs = includedIndex(query.data?.included ?? []);
  const name = (type: string, id: unknown, label: string) => (id == null ? null : String(refs.get(`${type}:${id}`)?.attributes[label] ?? `#${id}`));
  const entries = query.data?.data ?? [];
  const total = query.data?.meta.page.total ?? 0;
  if (!query.isLoading && !entries.length) return <Typography.Text type="secondary">{t('clients.storage:audit.empty')}</Typography.Text>;
  return (
    <div className="audit-history" aria-busy={query.isFetching}>
      <Timeline
        items={entries.map((entry) => {
          const a = entry.attributes;
          const actor = name('users', a.actor_user_id, 'email');
          const client = name('clients', a.acting_client_id, 'name');
          const target = auditTarget(a);
          return {
            key: entry.id,
            color: ACTION_COLORS[String(a.action)] ?? 'gray',
            content: (
              <div className="audit-entry">
                <div className="audit-entry__head">
                  <ActionTag action={a.action} />
                  {actorUserId && (
                    <Typography.Text strong>
                      {target ? t(`${target.service}:${target.name}.title`) : t(`clients.storage:audit.objects.${String(a.resource)}`, { defaultValue: String(a.resource ?? '') })}
                      {a.record_label ? ` · ${labelText(target, String(a.record_label))}` : ''}
                    </Typography.Text>
                  )}
                  <Typography.Text type="secondary" className="nowrap">
                    {formatDateTime(String(a.created_at))}
                  </Typography.Text>
                </div>
                <Typography.Text type="secondary" className="audit-entry__who">
                  {[actor && t('clients.storage:audit.by', { name: actor }), client && t('clients.storage:audit.as_client', { name: client }), a.ip && `IP ${String(a.ip)}`]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
                {Object.keys((a.changes as object | null) ?? {}).length > 0 && <AuditChanges entry={a} />}
              </div>
            ),
          };
        })}
      />
      {entries.length < total && (
        <Button onClick={() => setPages(pages + 1)} loading={query.isFetching}>
          {t('clients.storage:audit.more', { count: Math.min(PAGE, total - entries.length) })}
        </Button>
      )}
    </div>
  );
}
