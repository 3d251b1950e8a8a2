import { useState } from 'react';
import { Badge, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { NotificationOutlined, PushpinFilled, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { RichTextPreview } from '../floors.storage/RichTextPreview.tsx';
import { feedQueryKey, markNewsRead, useNewsFeed, type FeedRecord } from './news-api.ts';
import './news.css';

/** How many items are shown before "show all". */
const SHOWN = 5;

/**
 * The home page's platform news: the items meant for the reader, in their language, pinned first
 * and newest first; an unread item is marked until the reader marks it read (one or all).
 */
export function HomeNews() {
  const { t, i18n } = useTranslation(['platform', 'common']);
  const feed = useNewsFeed(i18n.language);
  const queryClient = useQueryClient();
  const [all, setAll] = useState(false);
  const read = useMutation({
    mutationFn: (ids: string[]) => markNewsRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedQueryKey }),
    onError: (error) => notify.error(errorTitle(error)),
  });
  const items = feed.data ?? [];
  const unread = items.filter((item) => !item.attributes.read);
  const shown = all ? items : items.slice(0, SHOWN);

  const renderItem = (item: FeedRecord) => (
    <List.Item className={item.attributes.read ? 'home-news__item' : 'home-news__item home-news__item--unread'} data-testid="home-news-item">
      <div className="home-news__head">
        <Space size={6} wrap className="home-news__title">
          <Typography.Text strong>{item.attributes.title}</Typography.Text>
          {item.attributes.pinned && <Tag icon={<PushpinFilled aria-hidden />} color="gold">{t('news.pinned')}</Tag>}
          {!item.attributes.read && <Tag color="blue">{t('home_news.unread')}</Tag>}
        </Space>
        <Space size={8}>
          <Typography.Text type="secondary">{formatDateTime(item.attributes.published_at)}</Typography.Text>
          {!item.attributes.read && (
            <Button type="link" size="small" loading={read.isPending && read.variables?.includes(item.id)} onClick={() => read.mutate([item.id])}>
              {t('home_news.mark_read')}
            </Button>
          )}
        </Space>
      </div>
      <RichTextPreview source={item.attributes.text} images />
    </List.Item>
  );

  return (
    <Card
      variant="borderless"
      className="page-card home-news"
      data-testid="home-news"
      title={
        <Space>
          <NotificationOutlined aria-hidden />
          {t('home_news.title')}
          {unread.length > 0 && <Badge count={unread.length} aria-label={t('home_news.unread_count', { count: unread.length })} />}
        </Space>
      }
      extra={
        unread.length > 1 && (
          <Button size="small" onClick={() => read.mutate(unread.map((item) => item.id))} loading={read.isPending}>
            {t('home_news.mark_all_read')}
          </Button>
        )
      }
    >
      {feed.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${t('home_news.load_failed')} ${errorTitle(feed.error)}`}>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void feed.refetch()}>{t('common:actions.retry')}</Button>
        </Empty>
      ) : !feed.isLoading && items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home_news.empty')} />
      ) : (
        <>
          <List loading={feed.isLoading} dataSource={shown} renderItem={renderItem} />
          {items.length > SHOWN && (
            <Button type="link" onClick={() => setAll(!all)}>{all ? t('home_news.show_less') : t('home_news.show_all', { count: items.length })}</Button>
          )}
        </>
      )}
    </Card>
  );
}
