import { Link } from 'react-router';
import { Button, Empty, List, Result, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { selectSite } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { useFloorSites, type FloorSite } from './floor-api.ts';
import { displayHost } from '@dp/contracts';

/** Where a place of a floor is edited: the page, layout or template editor of the site. */
function placePath(siteId: string, place: FloorSite['places'][number]) {
  const base = `/sites.context/sites/${siteId}`;
  if (place.kind === 'page') return `${base}/pages/${place.id}${place.state_id ? `/${place.state_id}` : ''}`;
  if (place.kind === 'layout') return `${base}/layouts/${place.id}${place.state_id ? `/${place.state_id}` : ''}`;
  return `${base}/templates/${place.id}`;
}

/**
 * The sites whose pages, layouts or templates place a floor (spec 000 §7 search_by_floor), each
 * place linked to its editor, which opens with the site chosen.
 */
export function FloorSites({ floorId }: { floorId: string }) {
  const { t } = useTranslation(['floors.storage', 'common']);
  const query = useFloorSites(floorId);
  if (query.isError) {
    return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(query.error)} extra={<Button icon={<ReloadOutlined aria-hidden />} onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />;
  }
  const sites = query.data ?? [];
  return (
    <List
      loading={query.isLoading}
      dataSource={sites}
      header={<Typography.Text type="secondary">{t('floors.sites.subtitle', { count: sites.length })}</Typography.Text>}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('floors.sites.empty')} /> }}
      renderItem={(site) => {
        const open = () => selectSite({ id: site.id, name: site.attributes.name, host: site.attributes.host, client: null });
        return (
          <List.Item className="floor-site" data-testid="floor-site">
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong>{site.attributes.name}</Typography.Text>
              {(site.attributes.host ?? site.attributes.technical_host) && <Typography.Text type="secondary">{displayHost(site.attributes.host ?? site.attributes.technical_host ?? '')}</Typography.Text>}
              <Space size={[4, 4]} wrap>
                {site.attributes.places.map((place) => (
                  <Link key={`${place.kind}-${place.id}-${place.state_id ?? ''}`} to={placePath(site.id, place)} onClick={open}>
                    <Tag color={place.kind === 'page' ? 'blue' : place.kind === 'layout' ? 'geekblue' : 'cyan'} className="cell-tag">
                      {t(`floors.sites.kinds.${place.kind}`)}: {place.name}
                      {place.status ? ` · ${t(`floors.sites.statuses.${place.status}`)}` : ''}
                    </Tag>
                  </Link>
                ))}
              </Space>
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
