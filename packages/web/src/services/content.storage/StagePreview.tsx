import { useState } from 'react';
import { Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAGE_IMAGE_SIZES, type StageScreen } from '@dp/contracts';
import type { StageButton, StageCard } from './stage-api.ts';

export interface PreviewValues {
  title?: string | null;
  subtitle?: string | null;
  position?: 'left' | 'center' | 'right';
  panel?: { enabled?: boolean; color?: string | null; opacity?: number; rounded?: boolean };
  colors?: Record<string, string | null | undefined>;
  images?: Partial<Record<StageScreen, { url?: string | null } | null>>;
  buttons?: Partial<StageButton>[];
  cards?: Partial<StageCard>[];
  video?: { type?: string } | null;
}

/** #rrggbb with an opacity 0..100 as rgba(), for the panel. */
function withOpacity(color: string | null | undefined, opacity: number) {
  const hex = (color ?? '#000000').replace('#', '');
  const full = hex.length === 3 ? hex.split('').map((c) => c + c).join('') : hex.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16) || 0);
  return `rgba(${r}, ${g}, ${b}, ${opacity / 100})`;
}

/**
 * A live preview of the banner at the three sizes of spec 000 §9 (PC 1920×1080, tablet 1280×720,
 * mobile 504×896), scaled to fit: the picture of that size, the text panel in the work area at
 * its position, the buttons and cards. The public renderer draws the real one; this shows the
 * editor the proportions and what the work area holds. Styles are React style properties
 * (CSSOM), which the strict CSP allows.
 */
export function StagePreview({ values }: { values: PreviewValues }) {
  const { t } = useTranslation('content.storage');
  const [screen, setScreen] = useState<StageScreen>('pc');
  const size = STAGE_IMAGE_SIZES[screen];
  const image = values.images?.[screen]?.url ?? values.images?.pc?.url ?? null;
  const colors = values.colors ?? {};
  const panel = values.panel ?? {};
  const align = values.position ?? 'left';
  return (
    <div className="stage-preview">
      <Segmented
        block
        value={screen}
        onChange={(value) => setScreen(value as StageScreen)}
        options={(Object.keys(STAGE_IMAGE_SIZES) as StageScreen[]).map((value) => ({ value, label: t(`preview.${value}`) }))}
        aria-label={t('preview.title')}
      />
      <div className={`stage-preview__frame stage-preview__frame--${screen}`} style={{ aspectRatio: `${size.width} / ${size.height}`, backgroundColor: colors.background ?? '#1f1f1f' }} data-testid="stage-preview">
        {image ? <img className="stage-preview__image" src={image} alt="" /> : <div className="stage-preview__no-image">{t('preview.no_image')}</div>}
        <div className="stage-preview__work" style={{ width: `${(size.work.width / size.width) * 100}%`, height: `${(size.work.height / size.height) * 100}%`, justifyContent: align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'flex-start' }}>
          <div
            className={`stage-preview__panel stage-preview__panel--${align}`}
            style={panel.enabled ? { background: withOpacity(panel.color, panel.opacity ?? 60), borderRadius: panel.rounded === false ? 0 : 8 } : undefined}
          >
            {values.title && (
              <div className="stage-preview__title" style={{ color: colors.title ?? '#ffffff' }}>
                {values.title}
              </div>
            )}
            {values.subtitle && (
              <div className="stage-preview__subtitle" style={{ color: colors.subtitle ?? '#ffffff' }}>
                {values.subtitle}
              </div>
            )}
            {!!values.buttons?.length && (
              <div className="stage-preview__buttons">
                {values.buttons.map((button, index) => (
                  <span
                    key={index}
                    className={`stage-preview__button stage-preview__button--${button.style ?? 'primary'} stage-preview__button--${button.size ?? 'medium'}${button.full_width ? ' stage-preview__button--full' : ''}`}
                    style={button.style === 'primary' || !button.style ? { background: colors.button ?? '#e30016' } : { borderColor: colors.button ?? '#ffffff', color: colors.button ?? '#ffffff' }}
                  >
                    {button.text || '…'}
                  </span>
                ))}
              </div>
            )}
          </div>
          {!!values.cards?.length && (
            <div className="stage-preview__cards">
              {values.cards.map((card, index) => (
                <div key={index} className="stage-preview__card">
                  <strong>{card.title || '…'}</strong>
                  {card.text && <span>{card.text}</span>}
                </div>
              ))}
            </div>
          )}
        </div>
        {values.video?.type && values.video.type !== 'none' && <span className="stage-preview__video">{t('preview.video', { type: t(`video.types.${values.video.type}`) })}</span>}
      </div>
      <Typography.Text type="secondary" className="stage-preview__caption">
        {t('preview.caption', { width: size.width, height: size.height, workWidth: size.work.width, workHeight: size.work.height })}
      </Typography.Text>
    </div>
  );
}
