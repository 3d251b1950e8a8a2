import { Button, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { saveFile } from '../../kit/save-file.ts';

/**
 * One-time recovery codes, shown once: a grid to read, copy or download as a text file. The
 * server keeps only their hashes, so this is the only time they exist in readable form.
 */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation('auth');
  const text = [`${t('second_factor.file_title')} — ${email}`, '', ...codes, ''].join('\n');
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    notify.success(t('second_factor.copied'));
  };
  return (
    <div className="recovery-codes">
      <Typography.Paragraph>{t('second_factor.codes_text')}</Typography.Paragraph>
      <ol className="recovery-codes__list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy().catch((error: Error) => notify.error(error.message))}>
          {t('second_factor.copy')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt')}>
          {t('second_factor.download')}
        </Button>
      </Space>
    </div>
  );
}
