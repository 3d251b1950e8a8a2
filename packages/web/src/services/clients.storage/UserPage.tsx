import { Button, Form, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditResource, hasAnyPermission, userResource, type AnyResource, type JsonApiRecord, type SecondFactorStatus } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { AuditHistory } from '../../kit/AuditHistory.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';
import { recordPath } from '../../kit/useResourceList.ts';
import { UserSessions } from './UserSessions.tsx';

const resource = userResource as unknown as AnyResource;
type Row = JsonApiRecord<Record<string, unknown>>;

/** Activation, at the top of the form: switching a user off asks first and ends the user's sessions at once. */
function Activation({ record }: { record: Row }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const active = record.attributes.active === true;
  const allowed = hasAnyPermission(user?.permissions ?? {}, resource.service, resource.permissions.update);
  const toggle = useMutation({
    mutationFn: (next: boolean) => api.patch(`${recordPath(resource, record.id)}/activate`, { active: next }),
    onSuccess: async (_data, next) => {
      notify.success(t(next ? 'clients.storage:users.activated' : 'clients.storage:users.deactivated'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource).all }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const control = (
    <Switch checked={active} loading={toggle.isPending} disabled={!allowed} aria-label={t('clients.storage:users.fields.active')} onChange={active ? undefined : () => toggle.mutate(true)} />
  );
  return (
    <Form.Item label={t('clients.storage:users.status')} className="activation">
      <Space align="center">
        {active && allowed ? (
          <Popconfirm title={t('clients.storage:users.deactivate_confirm')} description={t('clients.storage:users.deactivate_text')} okButtonProps={{ danger: true }} onConfirm={() => toggle.mutateAsync(false).catch(() => undefined)}>
            {control}
          </Popconfirm>
        ) : (
          control
        )}
        <Typography.Text type={active ? undefined : 'secondary'}>{active ? t('clients.storage:users.state_active') : t('clients.storage:users.state_inactive')}</Typography.Text>
      </Space>
    </Form.Item>
  );
}

/**
 * Whether the user's second factor is on, and its reset (a lost phone) for someone who may change
 * the user: the server allows it only under the takeover rule and ends the user's sessions.
 */
function SecondFactor({ record }: { record: Row }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = [...queryKeys.resource(resource).all, 'second_factor', record.id];
  const status = useQuery({ queryKey: key, queryFn: () => api.get<SecondFactorStatus>(`${recordPath(resource, record.id)}/second_factor`), retry: false });
  const allowed = hasAnyPermission(user?.permissions ?? {}, resource.service, resource.permissions.update) && String(user?.id) !== record.id;
  const reset = useMutation({
    mutationFn: () => api.delete(`${recordPath(resource, record.id)}/second_factor`),
    onSuccess: async () => {
      notify.success(t('users.second_factor.reset_done'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  if (!status.data) return null;
  const { enabled, required } = status.data;
  return (
    <Form.Item label={t('users.second_factor.title')}>
      <Space align="center" wrap>
        <Tag color={enabled ? 'green' : undefined} data-testid="user-second-factor">
          {enabled ? t('users.second_factor.on') : t('users.second_factor.off')}
        </Tag>
        {required && <Typography.Text type="secondary">{t('users.second_factor.required')}</Typography.Text>}
        {enabled && allowed && (
          <Popconfirm
            title={t('users.second_factor.reset_confirm')}
            description={t('users.second_factor.reset_text')}
            okButtonProps={{ danger: true }}
            onConfirm={() => reset.mutateAsync().catch(() => undefined)}
          >
            <Button size="small" danger loading={reset.isPending}>
              {t('users.second_factor.reset')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Form.Item>
  );
}

/** A user's page: the form with its activation, the record's history, what the user did and where it is signed in. */
export default function UserPage() {
  const { t } = useTranslation('clients.storage');
  return (
    <ResourceDetailPage
      resource={resource}
      param="userId"
      before={(record) => (
        <>
          <Activation record={record} />
          <SecondFactor record={record} />
        </>
      )}
      tabs={(record) => [
        { key: 'activity', label: t('users.activity'), children: <AuditHistory actorUserId={record.id} /> },
        { key: 'sessions', label: t('users.sessions.title'), children: <UserSessions userId={record.id} /> },
      ]}
    />
  );
}
