import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../../app/i18n.ts';
import { copiedSummary } from './CopySiteDialog.tsx';

describe('what a copy took, in words', () => {
  beforeAll(() => Promise.all([loadLanguage('ru'), loadLanguage('en')]));

  it('names each kind copied with its count in the reader\'s plural, and leaves out what was not', () => {
    const ru = i18n.getFixedT('ru', 'sites.context');
    expect(copiedSummary({ pages: 5, layouts: 2, templates: 1, redirects: 0 }, ru)).toBe('Скопировано: 5 страниц, 2 макета, 1 шаблон');
    const en = i18n.getFixedT('en', 'sites.context');
    expect(copiedSummary({ pages: 1, redirects: 3, seo_constants: 2 }, en)).toBe('Copied: 1 page, 3 redirects, 2 SEO constants');
  });

  it('says when the source had nothing to copy', () => {
    expect(copiedSummary({ pages: 0 }, i18n.getFixedT('en', 'sites.context'))).toBe('The source had no pages, layouts or templates to copy');
  });
});
