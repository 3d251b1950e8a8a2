import { useMemo, useRef, useState } from 'react';
import { Alert, Grid, Modal, Segmented, Select, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { CROP_TARGETS, STAGE_IMAGE_SIZES, type CropTarget } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { cropMedia, type MediaFile } from './media-api.ts';
import './media.css';

/** The work area of a stage size (spec 000 §9), as a share of the picture: the banner's text stays inside it. */
const WORK_AREAS: Partial<Record<CropTarget, { width: number; height: number }>> = {
  stage_pc: { width: STAGE_IMAGE_SIZES.pc.work.width / STAGE_IMAGE_SIZES.pc.width, height: STAGE_IMAGE_SIZES.pc.work.height / STAGE_IMAGE_SIZES.pc.height },
  stage_tablet: { width: STAGE_IMAGE_SIZES.tablet.work.width / STAGE_IMAGE_SIZES.tablet.width, height: STAGE_IMAGE_SIZES.tablet.work.height / STAGE_IMAGE_SIZES.tablet.height },
  stage_mobile: { width: STAGE_IMAGE_SIZES.mobile.work.width / STAGE_IMAGE_SIZES.mobile.width, height: STAGE_IMAGE_SIZES.mobile.work.height / STAGE_IMAGE_SIZES.mobile.height },
};

type Choice = CropTarget | 'free';

/** The largest centred box of the target's ratio, in percent of the picture. */
function initialCrop(target: Choice, width: number, height: number): PercentCrop {
  if (target === 'free') return { unit: '%', x: 5, y: 5, width: 90, height: 90 };
  const size = CROP_TARGETS[target];
  return centerCrop(makeAspectCrop({ unit: '%', width: 100 }, size.width / size.height, width, height), width, height);
}

/**
 * The cropper (spec 000 §2 dialogs, §5): the aspect ratios of the stage sizes, favicons and the
 * Apple icon, the stage's work area drawn inside the box. The browser sends only the box in the
 * original's pixels; the server crops with sharp and answers a new file of exactly the size.
 * react-image-crop styles through its stylesheet and style properties: nothing is injected as
 * <style>, so it works under the strict CSP.
 */
export function ImageCropper({ file, target, onDone, onCancel }: { file: MediaFile; target?: CropTarget | null; onDone: (cropped: MediaFile) => void; onCancel: () => void }) {
  const { t } = useTranslation('media.storage');
  const { lang } = useSession();
  const screens = Grid.useBreakpoint();
  const [choice, setChoice] = useState<Choice>(target ?? 'stage_pc');
  const [crop, setCrop] = useState<PercentCrop | undefined>();
  const image = useRef<HTMLImageElement | null>(null);
  const natural = { width: file.attributes.width ?? 0, height: file.attributes.height ?? 0 };
  // The webp of the same size shows the same pixels lighter; the original otherwise.
  const webp = file.attributes.variants.find((v) => v.name === 'webp' && v.width === natural.width);
  const src = webp?.url ?? file.attributes.url ?? '';
  const aspect = choice === 'free' ? undefined : CROP_TARGETS[choice].width / CROP_TARGETS[choice].height;

  const box = useMemo(() => {
    if (!crop) return null;
    const x = Math.max(0, Math.round((crop.x / 100) * natural.width));
    const y = Math.max(0, Math.round((crop.y / 100) * natural.height));
    return {
      x,
      y,
      width: Math.max(1, Math.min(natural.width - x, Math.round((crop.width / 100) * natural.width))),
      height: Math.max(1, Math.min(natural.height - y, Math.round((crop.height / 100) * natural.height))),
    };
  }, [crop, natural.width, natural.height]);
  const wanted = choice === 'free' ? null : CROP_TARGETS[choice];
  const enlarged = !!box && !!wanted && (box.width < wanted.width || box.height < wanted.height);

  const save = useMutation({
    mutationFn: () => cropMedia(file.id, { ...box!, target: choice === 'free' ? null : choice }),
    onSuccess: onDone,
  });
  const work = choice === 'free' ? undefined : WORK_AREAS[choice];
  const choices: Choice[] = target ? [target] : [...(Object.keys(CROP_TARGETS) as CropTarget[]), 'free'];
  const options = choices.map((value) => ({ value, label: t(`cropper.targets.${value}`) }));
  const choose = (value: Choice) => {
    setChoice(value);
    if (image.current) setCrop(initialCrop(value, image.current.width, image.current.height));
  };

  return (
    <Modal
      open
      title={t('cropper.title', { name: file.attributes.name })}
      okText={t('cropper.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => save.mutate()}
      onCancel={onCancel}
      okButtonProps={{ disabled: !box, loading: save.isPending, 'data-testid': 'crop-save' } as never}
      width={900}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" className="cropper">
        {choices.length > 1 &&
          // Seven sizes do not fit a phone's width in a row: there they are a list.
          (screens.md === false ? (
            <Select className="cropper__targets" value={choice} onChange={choose} options={options} aria-label={t('cropper.target')} />
          ) : (
            <Segmented value={choice} onChange={(value) => choose(value as Choice)} options={options} aria-label={t('cropper.target')} />
          ))}
        <Typography.Text type="secondary">
          {wanted ? t('cropper.hint_size', { width: wanted.width, height: wanted.height }) : t('cropper.hint_free')}
          {work ? ` ${t('cropper.hint_work')}` : ''}
        </Typography.Text>
        <div className="cropper__area">
          <ReactCrop
            crop={crop}
            aspect={aspect}
            keepSelection
            ruleOfThirds={!work}
            onChange={(_pixels, percent) => setCrop(percent)}
            renderSelectionAddon={() =>
              work ? <div className="cropper__work" aria-hidden style={{ width: `${work.width * 100}%`, height: `${work.height * 100}%` }} /> : null
            }
          >
            <img
              ref={image}
              src={src}
              alt={file.attributes.name}
              className="cropper__image"
              onLoad={(event) => setCrop(initialCrop(choice, event.currentTarget.width, event.currentTarget.height))}
            />
          </ReactCrop>
        </div>
        {box && (
          <Typography.Text data-testid="crop-box">
            {t('cropper.box', { x: box.x, y: box.y, width: box.width, height: box.height })}
            {wanted ? ` → ${wanted.width}×${wanted.height}` : ''}
          </Typography.Text>
        )}
        {enlarged && <Alert type="warning" showIcon title={t('cropper.enlarged')} />}
        {save.error && <Alert type="error" showIcon title={errorTitle(save.error, lang)} />}
      </Space>
    </Modal>
  );
}
