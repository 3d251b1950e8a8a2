import { Link, useNavigate } from 'react-router';
import { Button, Card, Col, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { ArrowRightOutlined, ExportOutlined, GlobalOutlined, HistoryOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Mode } from '@dp/contracts';
import { siteUrl, useCurrentSite } from '../../app/data.ts';
import { PERSONAL_PATH, SITE_SELECT_PATH } from '../../app/guards.ts';
import { MODE_ICONS } from '../../app/icons.tsx';
import { buildMenu } from '../../app/menu.ts';
import { selectSite, useSession } from '../../app/session.ts';
import { useCurrentMode, useMenuContext, useSwitchMode } from '../../app/useShell.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { displayHost } from '@dp/contracts';
import { HomeNews } from './HomeNews.tsx';

function greetingKey(hour: number): string {
  if (hour >= 5 && hour < 12) return 'greeting.morning';
  if (hour >= 12 && hour < 18) return 'greeting.day';
  if (hour >= 18 && hour < 23) return 'greeting.evening';
  return 'greeting.night';
}

/** /home-page: who I am, where I can go (modes), what I edited last. */
export default function HomePage() {
  const { t } = useTranslation(['platform', 'common', 'menu']);
  const { user, editHistory, siteId } = useSession();
  const navigate = useNavigate();
  const ctx = useMenuContext();
  const { modes } = useCurrentMode(ctx);
  const switchMode = useSwitchMode(ctx);
  const site = useCurrentSite();
  if (!user) return null;

  const client = user.client ?? user.default_client;
  const canSelectSites = modes.includes('site');
  const currentUrl = siteUrl(site.data);

  return (
    <div className="page">
      <PageHeader
        title={t(greetingKey(new Date().getHours()), { name: user.name || user.email })}
        subtitle={
          <Space size={8} wrap>
            <span>{t('home.subtitle')}</span>
            {user.internal && (
              <Tag color="purple" variant="filled">
                {t('home.internal')}
              </Tag>
            )}
            {client && (
              <Tag icon={<UserOutlined aria-hidden />} color="blue" variant="filled" data-testid="home-client">
                {t('home.client', { name: client.name })}
              </Tag>
            )}
          </Space>
        }
        extra={
          <Link to={PERSONAL_PATH}>
            <Button icon={<UserOutlined aria-hidden />}>{t('menu:personal')}</Button>
          </Link>
        }
      />

      <HomeNews />

      <Typography.Title level={5} className="section-title">
        {t('home.modes')}
      </Typography.Title>
      {modes.length === 0 ? (
        <Card variant="borderless" className="page-card">
          <Empty description={t('home.no_modes')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {modes.map((mode: Mode) => {
            const sections = ctx ? buildMenu(ctx, mode).flatMap((group) => group.items) : [];
            return (
              <Col key={mode} xs={24} md={12} xl={8}>
                <Card
                  hoverable
                  variant="borderless"
                  className="mode-card"
                  role="button"
                  tabIndex={0}
                  aria-label={t(`common:modes.${mode}`)}
                  onClick={() => switchMode(mode)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      switchMode(mode);
                    }
                  }}
                >
                  <div className="mode-card__head">
                    <span className={`mode-card__icon mode-card__icon--${mode}`}>{MODE_ICONS[mode]}</span>
                    <div>
                      <Typography.Title level={5} className="mode-card__title">
                        {t(`common:modes.${mode}`)}
                      </Typography.Title>
                      <Typography.Text type="secondary">{t(`home.mode_text.${mode}`)}</Typography.Text>
                    </div>
                  </div>
                  <div className="mode-card__sections">
                    {sections.slice(0, 4).map((item) => (
                      <Tag key={item.name} variant="filled">
                        {t(`menu:${item.name}`)}
                      </Tag>
                    ))}
                    {sections.length > 4 && <Tag variant="filled">+{sections.length - 4}</Tag>}
                  </div>
                  <div className="mode-card__foot">
                    <Typography.Text type="secondary">{t('home.sections', { count: sections.length })}</Typography.Text>
                    <ArrowRightOutlined aria-hidden />
                  </div>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}

      <Row gutter={[16, 16]} className="home-row">
        <Col xs={24} lg={14}>
          <Card
            variant="borderless"
            className="page-card"
            title={
              <Space>
                <HistoryOutlined aria-hidden />
                {t('home.edit_history')}
              </Space>
            }
            extra={canSelectSites && <Link to={SITE_SELECT_PATH}>{t('home.all_my_sites')}</Link>}
          >
            {editHistory.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.no_history')}>
                {canSelectSites && (
                  <Button type="primary" onClick={() => navigate(SITE_SELECT_PATH)}>
                    {t('home.choose_site')}
                  </Button>
                )}
              </Empty>
            ) : (
              <List
                dataSource={editHistory}
                renderItem={(entry) => (
                  <List.Item
                    actions={[
                      entry.id === siteId ? (
                        <Tag key="current" color="green">
                          {t('home.current')}
                        </Tag>
                      ) : (
                        <Button key="open" type="link" onClick={() => selectSite(entry)} aria-label={`${t('home.edit_site')}: ${entry.name}`}>
                          {t('home.edit_site')}
                        </Button>
                      ),
                    ]}
                  >
                    <List.Item.Meta
                      avatar={<GlobalOutlined className="history-icon" />}
                      title={entry.name}
                      description={[entry.host && displayHost(entry.host), entry.client].filter(Boolean).join(' · ') || t('home.no_host')}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" className="page-card" title={t('home.current_site')}>
            {site.data ? (
              <Space orientation="vertical" size={4}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {site.data.name}
                </Typography.Title>
                <Typography.Text type="secondary">{[site.data.host && displayHost(site.data.host), site.data.clientName].filter(Boolean).join(' · ')}</Typography.Text>
                {currentUrl && (
                  <Button type="link" href={currentUrl} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined aria-hidden />} style={{ paddingInline: 0 }}>
                    {currentUrl}
                  </Button>
                )}
              </Space>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.no_site')} />
            )}
          </Card>
          <Card variant="borderless" className="page-card home-profile" title={t('home.account')}>
            <Space orientation="vertical" size={2}>
              <Typography.Text strong>{[user.name, user.last_name].filter(Boolean).join(' ')}</Typography.Text>
              <Typography.Text type="secondary">{user.email}</Typography.Text>
              {user.roles.length > 0 && (
                <Space size={[4, 4]} wrap className="home-profile__roles">
                  {user.roles.map((role) => (
                    <Tag key={role.id}>{role.name || role.code}</Tag>
                  ))}
                </Space>
              )}
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
