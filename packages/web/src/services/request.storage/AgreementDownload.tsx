import { useState } from 'react';
import { Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { errorTitle } from '../../kit/api.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { downloadAgreement } from './request-api.ts';

/** A button that saves the consent text of a hash as a file (spec 002 §7 "a file download of the same"). */
export function AgreementDownloadButton({ siteId, hash }: { siteId: string | number; hash: string }) {
  const { t, i18n } = useTranslation(['request.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAgreement(siteId, hash);
    } catch (error) {
      notify.error(errorTitle(error, lang));
    } finally {
      setBusy(false);
    }
  };
  return <IconButton icon={<DownloadOutlined aria-hidden />} aria-label={t('agreement_hash.download')} loading={busy} onClick={() => void download()} />;
}

/** A request's consent hash with the download of the text it was sent under. */
export function AgreementLink({ siteId, hash }: { siteId: string | number; hash: string }) {
  return (
    <Space size={4} align="start">
      <Typography.Text style={{ wordBreak: 'break-all' }}>{hash}</Typography.Text>
      <AgreementDownloadButton siteId={siteId} hash={hash} />
    </Space>
  );
}
