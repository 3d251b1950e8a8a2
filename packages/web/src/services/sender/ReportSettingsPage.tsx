import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Select, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasPermission, REPORT_FREQUENCIES, REPORT_FREQUENCY_DEFAULT, translateMessage, type Lang, type ReportFrequency } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors } from '../cars.stock.sites/stock-sites-api.ts';
import { EmailsInput, emailsRule } from './EmailsInput.tsx';
import { normalEmails, useRequestReportSettings } from './sender-api.ts';
import './sender.css';
import { RefreshButton } from '../../kit/QueryStates.tsx';
import { GuardedForm } from '../../kit/unsaved.tsx';

type Values = { receivers: string[]; subject: string; frequency: ReportFrequency; is_active: boolean };

/**
 * /request.storage/settings/{siteId} (spec 002 §2 "report settings", §3, §9): who gets the site's
 * requests report, its subject and frequency (hourly by default, 6, 12, 24 hours, weekly).
 */
export function ReportSettingsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['sender', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const site = useSite(siteId);
  const canWrite = hasPermission(useSession().user?.permissions ?? {}, 'request.storage', 'requests_settings.patch');
  const { query, save } = useRequestReportSettings(siteId);
  const [form] = Form.useForm<Values>();
  const settings = query.data?.attributes;
  useEffect(() => {
    if (settings) form.setFieldsValue({ receivers: settings.receivers, subject: settings.subject, frequency: settings.frequency, is_active: settings.is_active });
  }, [settings, form]);
  const submit = (values: Values) =>
    save.mutate(
      { receivers: normalEmails(values.receivers), subject: values.subject ?? '', frequency: values.frequency, is_active: values.is_active },
      { onSuccess: () => notify.success(t('common:notices.saved')), onError: (error) => showSaveErrors(error, lang, form.setFields as never) },
    );
  const title = t('reports.title');
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={<RefreshButton query={query} />}
      />
      <Card variant="borderless" className="page-card" loading={query.isLoading}>
        {query.isError ? (
          <Result status="error" title={t('reports.load_failed')} subTitle={errorTitle(query.error, lang)} extra={<Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <div className="sender-settings">
            <Typography.Paragraph type="secondary">{t('reports.intro')}</Typography.Paragraph>
            {!canWrite && <Alert type="info" showIcon className="sender-alert" message={t('read_only')} />}
            {settings?.last_error && <Alert type="error" showIcon className="sender-alert" message={t('reports.last_error', { error: translateMessage(settings.last_error, lang) })} />}
            <GuardedForm form={form} layout="vertical" disabled={!canWrite} onFinish={submit} initialValues={{ receivers: [], subject: '', frequency: REPORT_FREQUENCY_DEFAULT, is_active: true }}>
              <Form.Item name="receivers" label={t('reports.fields.receivers')} extra={t('reports.receivers_hint')} rules={[emailsRule(lang)]}>
                <EmailsInput aria-label={t('reports.fields.receivers')} />
              </Form.Item>
              <Form.Item name="subject" label={t('reports.fields.subject')} extra={t('reports.subject_hint', { list: '{{site}}, {{from}}, {{to}}, {{total}}' })} rules={[{ max: 200 }]}>
                <Input maxLength={200} placeholder={t('reports.subject_default', { site: '{{site}}', from: '{{from}}', to: '{{to}}' })} />
              </Form.Item>
              <Form.Item name="frequency" label={t('reports.fields.frequency')}>
                <Select className="sender-frequency" aria-label={t('reports.fields.frequency')} options={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))} />
              </Form.Item>
              <Form.Item name="is_active" label={t('reports.fields.is_active')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Descriptions size="small" column={1} className="sender-last">
                <Descriptions.Item label={t('reports.fields.last_sent_at')}>{settings?.last_sent_at ? formatDateTime(settings.last_sent_at) : t('reports.never')}</Descriptions.Item>
              </Descriptions>
              {canWrite && (
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('common:actions.save')}
                </Button>
              )}
            </GuardedForm>
          </div>
        )}
      </Card>
    </div>
  );
}
