import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Modal, Typography } from 'antd';
import { DownloadOutlined, SmileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { hasPermission } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { saveFile } from '../../kit/save-file.ts';


/**
 * "Satisfaction report" for holders of clients.storage satisfaction.report: a month picker and
 * the download of GET /satisfaction/report/csv?month&year.
 */
export function SatisfactionReportButton() {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState<Dayjs | null>(() => dayjs().subtract(1, 'month').startOf('month'));

  const download = useMutation({
    mutationFn: async (value: Dayjs) => {
      const { blob, fileName } = await api.download(gatewayPath('clients.storage', 'satisfaction/report/csv'), {
        month: value.month() + 1,
        year: value.year(),
      });
      const name = fileName ?? `satisfaction-${value.format('YYYY-MM')}.csv`;
      saveFile(blob, name);
      return name;
    },
    onSuccess: (name) => {
      notify.success(t('satisfaction.report.downloaded', { file: name }));
      setOpen(false);
    },
  });

  if (!user || !hasPermission(user.permissions, 'clients.storage', 'satisfaction.report')) return null;
  return (
    <>
      <Button icon={<SmileOutlined aria-hidden />} onClick={() => { download.reset(); setOpen(true); }}>
        {t('satisfaction.report.button')}
      </Button>
      <Modal
        open={open}
        title={t('satisfaction.report.title')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        okText={t('satisfaction.report.download')}
        okButtonProps={{ icon: <DownloadOutlined aria-hidden />, disabled: !month, loading: download.isPending }}
        cancelText={t('common:actions.cancel')}
        onOk={() => month && download.mutate(month)}
      >
        <Typography.Paragraph type="secondary">{t('satisfaction.report.text')}</Typography.Paragraph>
        {download.isError && (
          <Alert type="error" showIcon role="alert" title={t('satisfaction.report.failed')} description={errorTitle(download.error)} style={{ marginBottom: 16 }} />
        )}
        <Form layout="vertical">
          <Form.Item label={t('satisfaction.report.month')} htmlFor="satisfaction-month" required>
            <DatePicker
              id="satisfaction-month"
              picker="month"
              value={month}
              onChange={(value) => setMonth(value)}
              format="MMMM YYYY"
              allowClear={false}
              disabledDate={(date) => date.isAfter(dayjs(), 'month')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
