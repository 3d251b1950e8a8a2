import { useState } from 'react';
import { Button, Card, Col, Image, Popconfirm, Row, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteImage } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { sitePath, uploadFiles, useInvalidateSites, type SiteRecord } from './site-api.ts';
import { IconButton } from '../../kit/IconButton.tsx';

const ACCEPT_FAVICON = 'image/png,image/x-icon,image/vnd.microsoft.icon,image/gif,image/jpeg,image/bmp';
const ACCEPT_IMAGE = 'image/png,image/gif,image/jpeg,image/bmp';

function Preview({ image, label }: { image: SiteImage | null; label: string }) {
  const { t } = useTranslation('sites.context');
  return (
    <div className="site-image">
      {image ? (
        <Image src={image.url} alt={label} width={72} height={72} className="site-image__preview" preview={false} />
      ) : (
        <div className="site-image__empty" aria-label={label}>
          {t('images.none')}
        </div>
      )}
      <div>
        <Typography.Text strong>{label}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{image ? `${image.width}×${image.height}, ${image.mime}` : '—'}</Typography.Text>
      </div>
    </div>
  );
}

/** A file picker that keeps the file in state instead of uploading it at once. */
function Pick({ label, accept, file, onFile, disabled }: { label: string; accept: string; file: File | null; onFile: (file: File | null) => void; disabled?: boolean }) {
  return (
    <Upload accept={accept} maxCount={1} beforeUpload={(picked) => (onFile(picked), false)} onRemove={() => onFile(null)} fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []} disabled={disabled}>
      <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
        {label}
      </Button>
    </Upload>
  );
}

/**
 * Favicons (spec 000 §5: both formats required: 192×192 or 512×512, and the Apple icon 180×180)
 * and the brand logos for PC and mobile, with previews. The server checks each file by its bytes.
 */
export function SiteImages({ site, editable }: { site: SiteRecord; editable: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const invalidate = useInvalidateSites();
  const [icon, setIcon] = useState<File | null>(null);
  const [apple, setApple] = useState<File | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { favicons, logos } = site.attributes;

  const done = async (message: string) => {
    notify.success(message);
    setFieldErrors({});
    await invalidate();
  };
  const failed = (error: unknown) => {
    if (isApiError(error)) {
      const byParameter = Object.fromEntries(error.errors.filter((e) => e.source?.parameter).map((e) => [e.source!.parameter!, e.title]));
      if (Object.keys(byParameter).length) setFieldErrors(byParameter);
    }
    notify.error(t('images.failed'), errorTitle(error, lang));
  };

  const saveFavicons = useMutation({
    mutationFn: () => uploadFiles(sitePath(`sites/${site.id}/favicons`), { icon: icon!, apple: apple! }),
    onSuccess: async () => {
      setIcon(null);
      setApple(null);
      await done(t('images.favicons_saved'));
    },
    onError: failed,
  });
  const saveLogo = useMutation({
    mutationFn: ({ kind, file }: { kind: 'pc' | 'mobile'; file: File }) => uploadFiles(sitePath(`sites/${site.id}/logos/${kind}`), { file }),
    onSuccess: () => done(t('images.logo_saved')),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (path: string) => api.delete(sitePath(path)),
    onSuccess: () => done(t('images.removed')),
    onError: failed,
  });

  return (
    <Card variant="borderless" className="page-card" title={t('settings.sections.images')}>
      <Typography.Title level={5}>{t('images.favicons')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('images.favicons_hint')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Preview image={favicons.icon} label={t('images.icon')} />
        </Col>
        <Col xs={24} md={12}>
          <Preview image={favicons.apple} label={t('images.apple')} />
        </Col>
      </Row>
      {editable && (
        <Space wrap className="site-images__actions">
          <Pick label={t('images.pick_icon')} accept={ACCEPT_FAVICON} file={icon} onFile={setIcon} />
          <Pick label={t('images.pick_apple')} accept={ACCEPT_FAVICON} file={apple} onFile={setApple} />
          <Button type="primary" disabled={!icon || !apple} loading={saveFavicons.isPending} onClick={() => saveFavicons.mutate()}>
            {t('images.upload_favicons')}
          </Button>
          {(favicons.icon || favicons.apple) && (
            <Popconfirm title={t('images.remove_confirm')} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync('sites/' + site.id + '/favicons')}>
              <Button danger icon={<DeleteOutlined aria-hidden />}>
                {t('images.remove_favicons')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      {(fieldErrors.icon || fieldErrors.apple) && (
        <Typography.Paragraph type="danger" role="alert">
          {[fieldErrors.icon && `${t('images.icon')}: ${fieldErrors.icon}`, fieldErrors.apple && `${t('images.apple')}: ${fieldErrors.apple}`].filter(Boolean).join(' · ')}
        </Typography.Paragraph>
      )}
      <Typography.Title level={5} className="site-images__logos">
        {t('images.logos')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {(['pc', 'mobile'] as const).map((kind) => (
          <Col xs={24} md={12} key={kind}>
            <Preview image={logos[kind]} label={t(`images.logo_${kind}`)} />
            {editable && (
              <Space wrap className="site-images__actions">
                <Upload accept={ACCEPT_IMAGE} maxCount={1} showUploadList={false} beforeUpload={(file) => (saveLogo.mutate({ kind, file }), false)}>
                  <Button icon={<UploadOutlined aria-hidden />} loading={saveLogo.isPending && saveLogo.variables?.kind === kind}>
                    {t('images.upload_logo')}
                  </Button>
                </Upload>
                {logos[kind] && (
                  <Popconfirm title={t('images.remove_confirm')} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(`sites/${site.id}/logos/${kind}`)}>
                    <IconButton danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('common:actions.delete')}: ${t(`images.logo_${kind}`)}`} />
                  </Popconfirm>
                )}
              </Space>
            )}
          </Col>
        ))}
      </Row>
      {fieldErrors.file && (
        <Typography.Paragraph type="danger" role="alert">
          {fieldErrors.file}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
