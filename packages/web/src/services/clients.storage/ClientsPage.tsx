import { useMemo } from 'react';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { clientResource, type AnyResource } from '@dp/contracts';
import { FavoriteToggle } from '../../kit/FavoriteToggle.tsx';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { recordLabel } from '../../kit/ResourceTable.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { useFavorites } from './personalization.ts';
import { SatisfactionReportButton } from './SatisfactionReport.tsx';

/** /clients.storage/clients/: the clients list with a favorites star and the satisfaction report. */
export default function ClientsPage() {
  const { t } = useTranslation('clients.storage');
  const favorites = useFavorites('favorite_clients');
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      headerExtra: <SatisfactionReportButton />,
      leadingColumns: [
        {
          key: '__favorite',
          title: <StarOutlined aria-label={t('favorites.column')} />,
          width: 48,
          align: 'center',
          render: (_value, record) => {
            const name = recordLabel(record);
            return (
              <FavoriteToggle
                active={favorites.isFavorite(Number(record.id))}
                onToggle={() => favorites.toggle(Number(record.id))}
                addLabel={t('favorites.add', { name })}
                removeLabel={t('favorites.remove', { name })}
              />
            );
          },
        },
      ],
    }),
    [favorites, t],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={clientResource as unknown as AnyResource} detailPath={(record) => `/clients.storage/clients/${record.id}`} />
    </ResourceListExtras.Provider>
  );
}
