import { useMemo } from 'react';
import { Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANY, mappingResource, notificationResource, type AnyResource, type JsonApiRecord, type NotificationDelivery } from '@dp/contracts';
import { formatDateTime } from '../../kit/format.ts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import './notificator.css';

/**
 * The notificator's screens (spec 000 §2 /notificator, spec 002 §2, §3;
 * docs/decisions/platform-operations.md): the notifications, newest first, filtered by each field
 * and a period, each row opening its details and deliveries; the mappings that deliver them.
 */
const notifications = notificationResource as unknown as AnyResource;
const mappings = mappingResource as unknown as AnyResource;
type Row = JsonApiRecord<Record<string, unknown>>;

const LEVEL_COLORS: Record<string, string> = { info: 'blue', warning: 'gold', error: 'red', critical: 'magenta' };
const STATUS_COLORS: Record<string, string> = { pending: 'default', sent: 'green', retrying: 'gold', failed: 'red' };

function useLabels() {
  const { t } = useTranslation(['notificator', 'common']);
  return {
    t,
    level: (value: string) => t(`levels.${value}`, { defaultValue: value }),
    service: (value: string) => t(`services.${value}`, { defaultValue: value }),
    type: (value: string) => t(`types.${value}`, { defaultValue: value }),
  };
}

const LevelTag = ({ value, text }: { value: string; text: string }) => (
  <Tag className="cell-tag" color={LEVEL_COLORS[value] ?? 'default'}>
    {text}
  </Tag>
);

/** A notification's details: its fields and the values the service gave, then its deliveries. */
function NotificationDetails({ record }: { record: Row }) {
  const { t, level, service, type } = useLabels();
  const attributes = record.attributes;
  const details = Object.entries((attributes.details as Record<string, unknown>) ?? {});
  const deliveries = (attributes.deliveries as NotificationDelivery[]) ?? [];
  return (
    <div className="notification-details" data-testid="notification-details">
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('notifications.fields.text')} span={2}>
          {String(attributes.text)}
        </Descriptions.Item>
        <Descriptions.Item label={t('notifications.fields.level')}>
          <LevelTag value={String(attributes.level)} text={level(String(attributes.level))} />
        </Descriptions.Item>
        <Descriptions.Item label={t('notifications.fields.created')}>{formatDateTime(String(attributes.created))}</Descriptions.Item>
        <Descriptions.Item label={t('notifications.fields.service')}>{service(String(attributes.service))}</Descriptions.Item>
        <Descriptions.Item label={t('notifications.fields.type')}>{type(String(attributes.type))}</Descriptions.Item>
        <Descriptions.Item label={t('notifications.fields.product')}>{String(attributes.product)}</Descriptions.Item>
        <Descriptions.Item label={t('notifications.fields.brand')}>{attributes.brand ? String(attributes.brand) : '—'}</Descriptions.Item>
        {details.map(([key, value]) => (
          <Descriptions.Item key={key} label={t(`details.${key}`, { defaultValue: key })}>
            {typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Title level={5} className="notification-deliveries-title">
        {t('deliveries.title')}
      </Typography.Title>
      <Table<NotificationDelivery>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={deliveries}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deliveries.empty')} /> }}
        columns={[
          { key: 'messenger', title: t('deliveries.messenger'), dataIndex: 'messenger', width: 120, render: (value: string) => t(`messengers.${value}`) },
          { key: 'receiver', title: t('deliveries.receiver'), dataIndex: 'receiver', ellipsis: true },
          { key: 'status', title: t('deliveries.status'), dataIndex: 'status', width: 140, render: (value: string) => <Tag color={STATUS_COLORS[value]}>{t(`deliveries.statuses.${value}`)}</Tag> },
          { key: 'attempts', title: t('deliveries.attempts'), dataIndex: 'attempts', width: 100 },
          {
            key: 'when',
            title: t('deliveries.when'),
            width: 170,
            render: (_: unknown, delivery) => formatDateTime(delivery.sent_at ?? delivery.updated_at),
          },
          { key: 'error', title: t('deliveries.error'), dataIndex: 'error', ellipsis: true, render: (value: string | null) => value ?? '—' },
        ]}
      />
    </div>
  );
}

/** /notificator/notifications/: the notifications, with their details under each row. */
export function NotificationsPage() {
  const { level } = useLabels();
  const extras = useMemo(
    () => ({
      cellRenderers: {
        level: (value: unknown) => <LevelTag value={String(value)} text={level(String(value))} />,
      },
    }),
    [level],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={notifications} expandable={(record) => <NotificationDetails record={record} />} />
    </ResourceListExtras.Provider>
  );
}

/** A mapping's list of values as tags, `*` as "any". */
function ValueTags({ values, label }: { values: unknown; label: (value: string) => string }) {
  const { t } = useTranslation('notificator');
  const list = Array.isArray(values) ? (values as string[]) : [];
  return (
    <Space size={[4, 4]} wrap>
      {list.map((value) => (
        <Tag key={value} className="cell-tag">
          {value === ANY ? t('any') : label(value)}
        </Tag>
      ))}
    </Space>
  );
}

/** /notificator/settings/: the mappings, which notifications go to whom and how. */
export function MappingsPage() {
  const { level, service, type } = useLabels();
  const extras = useMemo(
    () => ({
      cellRenderers: {
        service: (value: unknown) => <ValueTags values={value} label={service} />,
        level: (value: unknown) => <ValueTags values={value} label={level} />,
        type: (value: unknown) => <ValueTags values={value} label={type} />,
        receivers: (value: unknown) => <ValueTags values={value} label={(receiver) => receiver} />,
      },
    }),
    [level, service, type],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={mappings} />
    </ResourceListExtras.Provider>
  );
}
