import { useTranslation } from 'react-i18next';
import { permissionResource, roleResource, type AnyResource } from '@dp/contracts';
import { RelatedRecords } from '../../kit/RelatedRecords.tsx';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

/** A permission's page: its name and description, its history and the roles that grant it. */
export default function PermissionPage() {
  const { t } = useTranslation('clients.storage');
  return (
    <ResourceDetailPage
      resource={permissionResource as unknown as AnyResource}
      param="permissionId"
      tabs={(record) => [
        {
          key: 'roles',
          label: t('permissions.roles'),
          children: (
            <RelatedRecords
              resource={roleResource as unknown as AnyResource}
              filters={{ permission_id: record.id }}
              fields={['name', 'code']}
              detailPath={(role) => `/clients.storage/roles/${role.id}`}
            />
          ),
        },
      ]}
    />
  );
}
