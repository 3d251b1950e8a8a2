import { useState } from 'react';
import { Button, Card, Empty, List, Popconfirm, Space, Typography } from 'antd';
import { DisconnectOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthDataAttributes, AuthProvider, JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { startExternal, useAuthProviders } from './oidc.ts';

const AUTH_DATA_KEY = ['auth.processing', 'auth_data'] as const;

/**
 * The social login binding of the personal area: the external accounts bound to the user, with
 * unbinding, and a "Bind <provider>" button per configured provider. Nothing is shown when no
 * provider is configured and nothing is bound.
 */
export function ExternalSignInCard() {
  const { t } = useTranslation(['auth', 'common']);
  const { lang } = useSession();
  const queryClient = useQueryClient();
  const providers = useAuthProviders();
  const bindings = useQuery({
    queryKey: AUTH_DATA_KEY,
    queryFn: ({ signal }) => api.list<AuthDataAttributes>(gatewayPath('auth.processing', 'auth_data'), undefined, signal),
  });
  const [starting, setStarting] = useState<string | null>(null);

  const unbind = useMutation({
    mutationFn: (record: JsonApiRecord<AuthDataAttributes>) => api.delete(gatewayPath('auth.processing', `auth_data/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('external.unbound'));
      await queryClient.invalidateQueries({ queryKey: AUTH_DATA_KEY });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const bind = async (provider: AuthProvider) => {
    setStarting(provider.name);
    try {
      await startExternal(provider, 'bind');
    } catch (error) {
      setStarting(null);
      notify.error(errorTitle(error, lang));
    }
  };

  const configured = providers.data ?? [];
  const records = bindings.data?.data ?? [];
  if (configured.length === 0 && records.length === 0) return null;

  return (
    <Card
      variant="borderless"
      className="page-card"
      title={t('external.card_title')}
      extra={
        configured.length > 0 && (
          <Space wrap>
            {configured.map((provider) => (
              <Button
                key={provider.name}
                icon={<LinkOutlined aria-hidden />}
                loading={starting === provider.name}
                disabled={starting !== null && starting !== provider.name}
                onClick={() => void bind(provider)}
              >
                {t('external.bind', { title: provider.title })}
              </Button>
            ))}
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('external.card_hint')}</Typography.Paragraph>
      {bindings.isError && !bindings.data ? (
        <Typography.Paragraph type="danger" role="alert">
          {t('external.load_failed')}: {errorTitle(bindings.error, lang)}{' '}
          <Button type="link" icon={<ReloadOutlined aria-hidden />} onClick={() => void bindings.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Typography.Paragraph>
      ) : (
        <List<JsonApiRecord<AuthDataAttributes>>
          loading={bindings.isLoading}
          dataSource={records}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('external.none')} /> }}
          renderItem={(record) => {
            const { provider_title: title, email, created_at } = record.attributes;
            return (
              <List.Item
                actions={[
                  <Popconfirm
                    key="unbind"
                    title={t('external.unbind_confirm_title')}
                    description={<div className="confirm-text">{t('external.unbind_confirm_text', { title, email: email ?? t('external.no_email') })}</div>}
                    okText={t('external.unbind')}
                    cancelText={t('common:actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => unbind.mutateAsync(record).catch(() => undefined)}
                  >
                    <Button danger type="text" icon={<DisconnectOutlined aria-hidden />} aria-label={t('external.unbind_label', { title, email: email ?? '' }).trim()}>
                      {t('external.unbind')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  avatar={<LinkOutlined aria-hidden style={{ fontSize: 20, marginTop: 4 }} />}
                  title={title}
                  description={
                    <Space size={4} wrap split="·">
                      <span>{email ?? t('external.no_email')}</span>
                      <span>{t('external.bound_at', { date: formatDateTime(created_at) })}</span>
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
