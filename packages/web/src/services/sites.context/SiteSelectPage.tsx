import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Empty, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, GlobalOutlined, HistoryOutlined, PlusOutlined, ReloadOutlined, StarFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayHost, hasAnyPermission, siteResource } from '@dp/contracts';
import { SiteStatusTag } from './site-tags.tsx';
import { SITE_CREATE_PATH } from './site-api.ts';
import { HOME_PATH } from '../../app/guards.ts';
import { selectSite, useSession } from '../../app/session.ts';
import type { SiteAttributes } from '../../app/data.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { listPath } from '../../kit/useResourceList.ts';
import { FavoriteToggle } from '../../kit/FavoriteToggle.tsx';
import { useFavorites } from '../clients.storage/personalization.ts';
import './site-select.css';
import { SearchInput } from '../../kit/SearchInput.tsx';

export interface SiteCard extends SiteAttributes {
  id: string;
  clientName: string;
  /** 1 published, 2 draft, 3 pending (absent in old caches). */
  status?: number;
}

export interface ClientSites {
  clientId: string;
  clientName: string;
  sites: SiteCard[];
}

/**
 * Sites grouped by client (client name from `included`), groups and sites by name; the group of
 * `firstClientId` (the client the user acts as) comes first.
 */
export function groupSitesByClient(sites: SiteCard[], firstClientId?: number | null): ClientSites[] {
  const groups = new Map<string, ClientSites>();
  for (const site of sites) {
    const key = String(site.client_id);
    let group = groups.get(key);
    if (!group) {
      group = { clientId: key, clientName: site.clientName, sites: [] };
      groups.set(key, group);
    }
    group.sites.push(site);
  }
  const result = [...groups.values()];
  for (const group of result) group.sites.sort((a, b) => a.name.localeCompare(b.name));
  const first = firstClientId == null ? null : String(firstClientId);
  return result.sort((a, b) => Number(b.clientId === first) - Number(a.clientId === first) || a.clientName.localeCompare(b.clientName));
}

/** The sites edited last (spec 000 §9: the last 5), most recent first, that are still reachable. */
export function recentSites(sites: SiteCard[], history: { id: string }[]): SiteCard[] {
  return history.map((entry) => sites.find((site) => site.id === entry.id)).filter((site): site is SiteCard => !!site);
}

/** The favorite sites among `sites`, by name: the "Favorites" group shown before the clients. */
export function favoriteSites(sites: SiteCard[], favoriteIds: number[]): SiteCard[] {
  const wanted = new Set(favoriteIds.map(String));
  return sites.filter((site) => wanted.has(site.id)).sort((a, b) => a.name.localeCompare(b.name));
}

export function matchesSearch(site: SiteCard, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [site.name, site.host ?? '', site.host ? displayHost(site.host) : '', site.clientName].some((text) => text.toLowerCase().includes(needle));
}

export function useSelectableSites() {
  return useQuery({
    queryKey: [...queryKeys.resource(siteResource).all, 'select'],
    queryFn: async () => {
      const list = await api.fetchAll<SiteAttributes>(listPath(siteResource), {}, 500);
      const clients = new Map((list.included ?? []).filter((record) => record.type === 'clients').map((record) => [record.id, String(record.attributes.name ?? '')]));
      return list.data.map<SiteCard>((record) => ({
        ...record.attributes,
        id: String(record.id),
        clientName: clients.get(String(record.attributes.client_id)) || `#${record.attributes.client_id}`,
      }));
    },
  });
}

/**
 * /sites.context/select: the sites the user may see, by client (the acting client first), the
 * favorites before them; a click makes a site current, the star adds or removes a favorite.
 */
export default function SiteSelectPage() {
  const { t } = useTranslation(['sites.context', 'common', 'clients.storage']);
  const { siteId, user, editHistory } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const sites = useSelectableSites();
  const favorites = useFavorites('favorite_sites');

  const groups = useMemo(() => {
    const found = (sites.data ?? []).filter((site) => matchesSearch(site, search));
    const byClient = groupSitesByClient(found, user?.client?.id);
    const starred = favoriteSites(found, favorites.ids);
    const recent = recentSites(found, editHistory);
    return [
      ...(starred.length ? [{ clientId: 'favorites', clientName: t('select.favorites'), sites: starred }] : []),
      ...(recent.length ? [{ clientId: 'recent', clientName: t('select.recent'), sites: recent }] : []),
      ...byClient,
    ];
  }, [sites.data, search, user?.client?.id, favorites.ids, editHistory, t]);
  const canCreate = hasAnyPermission(user?.permissions ?? {}, 'sites.context', ['sites.create']);

  const choose = (site: SiteCard) => {
    selectSite({ id: site.id, name: site.name, host: site.host, client: site.clientName });
    navigate(HOME_PATH);
  };

  let body;
  if (sites.isLoading) {
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }} aria-busy="true">
        {[0, 1].map((index) => (
          <Card key={index} variant="borderless" className="page-card">
            <Skeleton active title={{ width: 200 }} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </Space>
    );
  } else if (sites.isError) {
    body = (
      <Card variant="borderless" className="page-card">
        <Result
          status="error"
          title={t('select.load_failed')}
          subTitle={errorTitle(sites.error)}
          extra={
            <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void sites.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      </Card>
    );
  } else if ((sites.data ?? []).length === 0) {
    body = (
      <Card variant="borderless" className="page-card">
        <Empty description={t('select.no_sites')} />
      </Card>
    );
  } else if (groups.length === 0) {
    body = (
      <Card variant="borderless" className="page-card">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('select.no_match', { search: search.trim() })}>
          <Button onClick={() => setSearch('')}>{t('common:actions.reset_filters')}</Button>
        </Empty>
      </Card>
    );
  } else {
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {groups.map((group) => (
          <Card
            key={group.clientId}
            variant="borderless"
            className="page-card client-sites"
            title={
              <Space>
                {group.clientId === 'favorites' && <StarFilled aria-hidden style={{ color: '#faad14' }} />}
                {group.clientId === 'recent' && <HistoryOutlined aria-hidden />}
                <span>{group.clientName}</span>
                <Badge count={group.sites.length} color="#8c8c8c" showZero />
              </Space>
            }
          >
            <div className="site-grid">
              {group.sites.map((site) => (
                <div key={site.id} className="site-tile-wrap">
                  <button
                    type="button"
                    className={`site-tile${site.id === siteId ? ' site-tile--current' : ''}`}
                    onClick={() => choose(site)}
                    aria-label={site.name}
                  >
                    <span className="site-tile__icon" aria-hidden="true">
                      {site.id === siteId ? <CheckCircleFilled aria-hidden /> : <GlobalOutlined aria-hidden />}
                    </span>
                    <span className="site-tile__body">
                      <span className="site-tile__name">{site.name}</span>
                      {(group.clientId === 'favorites' || group.clientId === 'recent') && (
                        <Typography.Text type="secondary" className="site-tile__client">
                          {site.clientName}
                        </Typography.Text>
                      )}
                      <span className="site-tile__meta">
                        <Typography.Text type="secondary" ellipsis className="site-tile__host">
                          {site.host ? displayHost(site.host) : t('select.no_host')}
                        </Typography.Text>
                        <Tag className="site-tile__type" variant="filled">
                          {t(`sites.types.${site.type}`, { defaultValue: String(site.type) })}
                        </Tag>
                        {site.status !== undefined && <SiteStatusTag status={site.status} />}
                      </span>
                    </span>
                  </button>
                  <FavoriteToggle
                    className="site-tile__star"
                    active={favorites.isFavorite(Number(site.id))}
                    onToggle={() => favorites.toggle(Number(site.id))}
                    addLabel={t('clients.storage:favorites.add', { name: site.name })}
                    removeLabel={t('clients.storage:favorites.remove', { name: site.name })}
                  />
                </div>
              ))}
            </div>
          </Card>
        ))}
      </Space>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title={t('select.title')}
        subtitle={t('select.subtitle')}
        extra={
          <Space wrap>
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(SITE_CREATE_PATH)}>
              {t('sites.create_title')}
            </Button>
          )}
          <SearchInput
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('select.search_placeholder')}
            aria-label={t('select.search')}
            style={{ width: 320 }}
          />
          </Space>
        }
      />
      {body}
    </div>
  );
}
