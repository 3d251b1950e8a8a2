import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Empty, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, GlobalOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteResource } from '@dp/contracts';
import { HOME_PATH } from '../../app/guards.ts';
import { selectSite, useSession } from '../../app/session.ts';
import type { SiteAttributes } from '../../app/data.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { listPath } from '../../kit/useResourceList.ts';

export interface SiteCard extends SiteAttributes {
  id: string;
  clientName: string;
}

export interface ClientSites {
  clientId: string;
  clientName: string;
  sites: SiteCard[];
}

/** Sites grouped by client (client name from `included`), groups and sites by name. */
export function groupSitesByClient(sites: SiteCard[]): ClientSites[] {
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
  return result.sort((a, b) => a.clientName.localeCompare(b.clientName));
}

export function matchesSearch(site: SiteCard, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [site.name, site.host ?? '', site.clientName].some((text) => text.toLowerCase().includes(needle));
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

/** /sites.context/select: the sites the user may see, by client; a click makes a site current. */
export default function SiteSelectPage() {
  const { t } = useTranslation(['sites.context', 'common']);
  const { siteId } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const sites = useSelectableSites();

  const groups = useMemo(() => groupSitesByClient((sites.data ?? []).filter((site) => matchesSearch(site, search))), [sites.data, search]);

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
                <span>{group.clientName}</span>
                <Badge count={group.sites.length} color="#8c8c8c" showZero />
              </Space>
            }
          >
            <div className="site-grid">
              {group.sites.map((site) => (
                <button
                  key={site.id}
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
                    <span className="site-tile__meta">
                      <Typography.Text type="secondary" ellipsis className="site-tile__host">
                        {site.host || t('select.no_host')}
                      </Typography.Text>
                      <Tag className="site-tile__type" variant="filled">
                        {t(`sites.types.${site.type}`, { defaultValue: String(site.type) })}
                      </Tag>
                    </span>
                  </span>
                </button>
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
          <Input.Search
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('select.search_placeholder')}
            aria-label={t('select.search')}
            style={{ width: 320 }}
          />
        }
      />
      {body}
    </div>
  );
}
