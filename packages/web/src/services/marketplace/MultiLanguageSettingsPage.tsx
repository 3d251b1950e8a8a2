import { Alert, Button, Card, Checkbox, Form, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, siteResource, SITE_LOCALES } from '@dp/contracts';
import { useCurrentSite } from '../../app/data.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';

/**
 * Multilanguage settings (spec 002 §2 /mulitlanuge/settings/{siteId}, module multiple_locales):
 * the languages the site speaks besides its main one (`sites.locales`). The server refuses the
 * change for a site without the module.
 */
export default function MultiLanguageSettingsPage() {
  const { t } = useTranslation(['marketplace', 'common']);
  const { user, lang } = useSession();
  const site = useCurrentSite();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ locales: string[] }>();
  const canEdit = hasPermission(user?.permissions ?? {}, 'sites.context', 'sites.patch');
  const data = site.data as (typeof site.data & { locale?: string; locales?: string[] }) | undefined;
  const main = data?.locale ?? 'ru';

  const save = useMutation({
    mutationFn: (locales: string[]) => api.patch(gatewayPath('sites.context', `sites/${encodeURIComponent(data!.id)}/locales`), { locales }),
    onSuccess: async () => {
      notify.success(t('common:notices.saved'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(siteResource).detail(data!.id) });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  return (
    <div className="page">
      <PageHeader title={t('multilanguage.title')} subtitle={data?.name} />
      <Card variant="borderless" className="page-card">
        {!data ? (
          <ContentLoader />
        ) : (
          <GuardedForm
            key={`${data.id}:${data.updated_at ?? ''}`}
            form={form}
            layout="vertical"
            name="site-locales"
            initialValues={{ locales: (data.locales ?? []).filter((value) => value !== main) }}
            disabled={!canEdit || save.isPending}
            onFinish={({ locales }) => save.mutate(locales ?? [])}
          >
            <Typography.Paragraph type="secondary">{t('multilanguage.hint')}</Typography.Paragraph>
            <Form.Item label={t('multilanguage.main')}>
              <Tag color="blue">{t(`common:languages.${main}`)}</Tag>
            </Form.Item>
            <Form.Item name="locales" label={t('multilanguage.languages')} extra={t('multilanguage.languages_hint')}>
              <Checkbox.Group options={SITE_LOCALES.filter((value) => value !== main).map((value) => ({ value, label: t(`common:languages.${value}`) }))} />
            </Form.Item>
            {!canEdit && <Alert type="info" showIcon title={t('multilanguage.read_only')} className="marketplace-alert" />}
            {canEdit && (
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('common:actions.save')}
                </Button>
              </Space>
            )}
          </GuardedForm>
        )}
      </Card>
    </div>
  );
}
