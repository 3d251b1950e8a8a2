import { Form, Popconfirm, Space, Switch, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditResource, hasAnyPermission, userResource, type AnyResource, type JsonApiRecord } from '@dp/contracts';
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

/** A user's page: the form with its activation, the record's history, what the user did and where it is signed in. */
export default function UserPage() {
  const { t } = useTranslation('clients.storage');
  return (
    <ResourceDetailPage
      resource={resource}
      param="userId"
      before={(record) => <Activation record={record} />}
      tabs={(record) => [
        { key: 'activity', label: t('users.activity'), children: <AuditHistory actorUserId={record.id} /> },
        { key: 'sessions', label: t('users.sessions.title'), children: <UserSessions userId={record.id} /> },
      ]}
    />
  );
}
