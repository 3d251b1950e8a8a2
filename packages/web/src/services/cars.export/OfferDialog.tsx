import { useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, OfferOrientation, OfferType } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { errorTitle } from '../../kit/api.ts';
import { downloadOffer } from './export-api.ts';

/** "Commercial offer" of the stock lists: the selected cars as a PDF or DOCX, in the chosen orientation. */
export function OfferDialog({ open, onClose, carIds, siteId, type }: { open: boolean; onClose: () => void; carIds: string[]; siteId: string; type: OfferType }) {
  const { t, i18n } = useTranslation(['cars.export', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const [kind, setKind] = useState<'pdf' | 'docx'>('pdf');
  const [orientation, setOrientation] = useState<OfferOrientation>('portrait');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await downloadOffer(kind, { type, orientation, cars: carIds.map(Number), site_id: Number(siteId) });
      onClose();
    } catch (error) {
      notify.error(errorTitle(error, lang));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('offer.title')} okText={t('offer.download')} cancelText={t('common:actions.cancel')} onOk={() => void submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" size="middle">
        <Typography.Text type="secondary">{t('offer.cars', { count: carIds.length })}</Typography.Text>
        <Radio.Group value={kind} onChange={(event) => setKind(event.target.value)} aria-label={t('offer.format')}>
          <Radio.Button value="pdf">PDF</Radio.Button>
          <Radio.Button value="docx">DOCX</Radio.Button>
        </Radio.Group>
        <Radio.Group value={orientation} onChange={(event) => setOrientation(event.target.value)} aria-label={t('offer.orientation')}>
          <Radio.Button value="portrait">{t('offer.portrait')}</Radio.Button>
          <Radio.Button value="landscape">{t('offer.landscape')}</Radio.Button>
        </Radio.Group>
      </Space>
    </Modal>
  );
}
