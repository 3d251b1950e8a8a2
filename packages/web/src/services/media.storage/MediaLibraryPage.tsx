import { Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { MediaElements } from './MediaElements.tsx';
import { MediaLibrary } from './MediaLibrary.tsx';

/**
 * /media.storage/library/{siteId}: the media library of the site's client (files and folders),
 * and the client's media elements.
 */
export default function MediaLibraryPage() {
  const { t } = useTranslation(['media.storage', 'menu']);
  const { lang } = useSession();
  const { siteId } = useParams();
  const site = useSite(siteId);
  const clientId = site.data ? site.data.site.attributes.client_id : null;
  return (
    <div className="page">
      <PageHeader title={t('menu:media_library')} subtitle={site.data?.clientName ? t('page.subtitle', { client: site.data.clientName }) : undefined} />
      {site.isError ? (
        <Result status="error" title={t('page.load_failed')} subTitle={errorTitle(site.error, lang)} />
      ) : clientId === null ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            { key: 'files', label: t('page.files'), children: <MediaLibrary clientId={clientId} mode="manage" /> },
            { key: 'elements', label: t('page.elements'), children: <MediaElements clientId={clientId} /> },
          ]}
        />
      )}
    </div>
  );
}
