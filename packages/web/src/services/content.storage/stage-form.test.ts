import { describe, expect, it } from 'vitest';
import { stageStateResource } from '@dp/contracts';
import { toFormValues, toInput } from './StageStateForm.tsx';
import { publicationSoon, type StageStateAttributes } from './stage-api.ts';

/** A stored stage state as the API answers it. */
const stored: StageStateAttributes = {
  stage_id: 1,
  site_id: 1,
  client_id: 1,
  name: 'Весенний сервис',
  order: 1,
  position: 'center',
  panel: { enabled: true, color: '#000000', opacity: 40, rounded: true },
  colors: { title: '#ffffff', subtitle: null },
  title: 'Весеннее ТО',
  subtitle: null,
  images: {
    pc: { file_id: 7, url: '/files/aa.png', webp_url: '/files/bb.webp', width: 1920, height: 1080, alt: 'Сервис', title: null },
    tablet: null,
    mobile: null,
  },
  disable_webp: false,
  video: { type: 'native', url: '/files/cc.mp4', file_id: 9, autoplay: true, muted: true, loop: false },
  buttons: [{ text: 'Записаться', type: 'link', link: '/service', icon: 'calendar', icon_position: 'left', style: 'primary', size: 'large', full_width: false }],
  cards: [],
  group_ids: [],
  personalization_page_ids: [],
  status: 1,
  version: null,
  published_at: null,
  superseded_at: null,
  publish_at: null,
  publication_status: null,
  publication_error: null,
  copied_from_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

describe('the stage form', () => {
  it('sends back what it was given, as the contract takes it (files by id, addresses left to the server)', () => {
    const input = toInput(toFormValues(stored));
    expect(input.images).toEqual({ pc: { file_id: 7, alt: 'Сервис', title: null }, tablet: null, mobile: null });
    expect(input.video).toEqual({ type: 'native', file_id: 9, autoplay: true, muted: true, loop: false });
    expect(input.colors).toEqual({ title: '#ffffff', subtitle: null, background: null, button: null });
    expect(stageStateResource.update.safeParse(input).success).toBe(true);
  });

  it('turns "no video" into none and blank texts into null', () => {
    const values = toFormValues({ ...stored, video: null });
    expect(values.video.type).toBe('none');
    const input = toInput({ ...values, title: '   ', subtitle: '', cards: [{ title: 'Скидка', text: ' ', link: '' }] });
    expect(input).toMatchObject({ video: null, title: null, subtitle: null, cards: [{ title: 'Скидка', text: null, link: null, icon: null }] });
    expect(stageStateResource.update.safeParse(input).success).toBe(true);
  });
});

describe('following a publication by time', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  const state = (publish_at: string | null, publication_status: number | null) => ({ attributes: { publish_at, publication_status } });

  it('only while a publication in progress is due within ten minutes', () => {
    expect(publicationSoon([state('2026-03-01T10:05:00Z', 1)], now)).toBe(true);
    expect(publicationSoon([state('2026-03-01T09:59:00Z', 1)], now)).toBe(true);
    expect(publicationSoon([state('2026-03-01T11:00:00Z', 1)], now)).toBe(false);
    expect(publicationSoon([state('2026-03-01T10:05:00Z', 3)], now)).toBe(false);
    expect(publicationSoon([state(null, null)], now)).toBe(false);
  });
});
