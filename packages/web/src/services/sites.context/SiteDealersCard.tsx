import { useState } from 'react';
import { Button, Card, Empty, List, Select, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { sitePath, useDealerChoices, useInvalidateSites, type SiteRecord } from './site-api.ts';
import { IconButton } from '../../kit/IconButton.tsx';

/** `ids` with the entry at `index` moved by `by` places (display priority). */
export function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The dealerships the site shows, in display order (spec 000 §7: dealers append and remove,
 * display_priority); only the client's own dealerships are offered.
 */
export function SiteDealersCard({ site, editable }: { site: SiteRecord; editable: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const dealers = useDealerChoices(site.attributes.client_id);
  const invalidate = useInvalidateSites();
  const [adding, setAdding] = useState<number[]>([]);
  const shown = site.attributes.dealer_ids;
  const label = (id: number) => dealers.options.find((option) => option.value === id)?.label ?? `#${id}`;

  const change = useMutation({
    mutationFn: ({ method, path, ids }: { method: 'POST' | 'PATCH'; path: string; ids: number[] }) =>
      method === 'POST' ? api.post(sitePath(`sites/${site.id}/${path}`), { dealer_ids: ids }) : api.patch(sitePath(`sites/${site.id}/${path}`), { dealer_ids: ids }),
    onSuccess: async () => {
      setAdding([]);
      notify.success(t('dealers.saved'));
      await invalidate();
    },
    onError: (error) => notify.error(t('dealers.failed'), errorTitle(error, lang)),
  });

  return (
    <Card variant="borderless" className="page-card" title={t('settings.sections.dealers')}>
      <Typography.Paragraph type="secondary">{t('dealers.hint')}</Typography.Paragraph>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dealers.none')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={shown}
          renderItem={(id, index) => (
            <List.Item
              actions={
                editable
                  ? [
                      <Tooltip key="up" title={t('dealers.up')}>
                        <Button size="small" type="text" icon={<ArrowUpOutlined aria-hidden />} aria-label={`${t('dealers.up')}: ${label(id)}`} disabled={index === 0 || change.isPending} onClick={() => change.mutate({ method: 'PATCH', path: 'display_priority', ids: moved(shown, index, -1) })} />
                      </Tooltip>,
                      <Tooltip key="down" title={t('dealers.down')}>
                        <Button size="small" type="text" icon={<ArrowDownOutlined aria-hidden />} aria-label={`${t('dealers.down')}: ${label(id)}`} disabled={index === shown.length - 1 || change.isPending} onClick={() => change.mutate({ method: 'PATCH', path: 'display_priority', ids: moved(shown, index, 1) })} />
                      </Tooltip>,
                      <IconButton
                        key="remove"
                        size="small"
                        type="text"
                        danger
                        icon={<CloseOutlined aria-hidden />}
                        title={t('dealers.remove')}
                        aria-label={`${t('dealers.remove')}: ${label(id)}`}
                        disabled={change.isPending}
                        confirm={{ title: t('dealers.remove_confirm'), description: t('dealers.remove_confirm_text', { name: label(id) }), okText: t('dealers.remove') }}
                        onConfirm={() => change.mutateAsync({ method: 'POST', path: 'dealers/remove', ids: [id] })}
                      />,
                    ]
                  : []
              }
            >
              <Space>
                <Typography.Text type="secondary" className="site-dealers__index">{index + 1}.</Typography.Text>
                {label(id)}
              </Space>
            </List.Item>
          )}
        />
      )}
      {editable && (
        <Space.Compact block className="site-dealers__add">
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={adding}
            onChange={setAdding}
            placeholder={t('dealers.add_placeholder')}
            aria-label={t('dealers.add_placeholder')}
            loading={dealers.isFetching}
            options={dealers.options.filter((option) => !shown.includes(option.value))}
            notFoundContent={t('settings.no_dealers')}
            style={{ width: '100%' }}
          />
          <Button icon={<PlusOutlined aria-hidden />} disabled={!adding.length} loading={change.isPending} onClick={() => change.mutate({ method: 'POST', path: 'dealers/append', ids: adding })}>
            {t('dealers.add')}
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}
