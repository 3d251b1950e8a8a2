import { useTranslation } from 'react-i18next';
import { roleResource, userResource, type AnyResource } from '@dp/contracts';
import { RelatedRecords } from '../../kit/RelatedRecords.tsx';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

/** A role's page: its form with the permission matrix, its history and the users who have it. */
export default function RolePage() {
  const { t } = useTranslation('clients.storage');
  return (
    <ResourceDetailPage
      resource={roleResource as unknown as AnyResource}
      param="roleId"
      tabs={(record) => [
        {
          key: 'users',
          label: t('roles.users'),
          children: (
            <RelatedRecords
              resource={userResource as unknown as AnyResource}
              filters={{ role_id: record.id }}
              fields={['last_name', 'name', 'email']}
              detailPath={(user) => `/clients.storage/users/${user.id}`}
            />
          ),
        },
      ]}
    />
  );
}
