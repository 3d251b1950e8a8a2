import { useTranslation } from 'react-i18next';
import { clientResource, siteResource, userResource, type AnyResource } from '@dp/contracts';
import { RelatedRecords } from '../../kit/RelatedRecords.tsx';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

/** A client's own page: its form, its history, its sites and its users. */
export default function ClientPage() {
  const { t } = useTranslation('clients.storage');
  return (
    <ResourceDetailPage
      resource={clientResource as unknown as AnyResource}
      param="clientId"
      tabs={(record) => [
        {
          key: 'sites',
          label: t('clients.sites'),
          children: <RelatedRecords resource={siteResource as unknown as AnyResource} filters={{ client_id: record.id }} fields={['name', 'host']} />,
        },
        {
          key: 'users',
          label: t('clients.users'),
          children: (
            <RelatedRecords
              resource={userResource as unknown as AnyResource}
              filters={{ client_id: record.id }}
              fields={['last_name', 'name', 'email']}
              detailPath={(user) => `/clients.storage/users/${user.id}`}
            />
          ),
        },
      ]}
    />
  );
}
