import { describe, expect, it } from 'vitest';
import { COMPONENTS, componentDefaults, floorValueProblems, valuePathText, type ValueField } from './components.ts';
import { parseRichText, richTextProblem } from './rich-text.ts';
import { floorCode } from './floor.resource.ts';

const allFields = (fields: ValueField[]): ValueField[] =>
  fields.flatMap((field) => [field, ...(field.kind === 'list' ? allFields(field.item) : field.kind === 'group' ? allFields(field.fields) : [])]);

describe('the component registry', () => {
  it('names every component, field and option in Russian and English, identities unique', () => {
    expect(new Set(COMPONENTS.map((component) => component.identity)).size).toBe(COMPONENTS.length);
    for (const component of COMPONENTS) {
      expect(component.name.ru && component.name.en, component.identity).toBeTruthy();
      expect(component.description.en, component.identity).not.toMatch(/[А-Яа-я]/);
      for (const field of allFields(component.fields)) {
        expect(field.label.ru && field.label.en, `${component.identity}.${field.name}`).toBeTruthy();
        expect(field.label.en, `${component.identity}.${field.name}`).not.toMatch(/[А-Яа-я]/);
        if (field.kind === 'select') for (const option of field.options) expect(option.label.ru && option.label.en).toBeTruthy();
      }
    }
    expect(COMPONENTS.map((component) => component.identity)).toEqual(
      expect.arrayContaining(['text', 'heading', 'image', 'gallery', 'cards', 'buttons', 'video', 'contacts', 'form', 'news_list', 'specials_list', 'collection_list', 'header', 'footer']),
    );
  });

  it('starts every component from defaults that are only missing what must be typed', () => {
    for (const component of COMPONENTS) {
      const problems = floorValueProblems(component.identity, componentDefaults(component.fields));
      expect(problems.filter((problem) => problem.key !== 'floor_value_missing'), component.identity).toEqual([]);
    }
  });

  it('checks the video block with its schema markup', () => {
    const video = { type: 'youtube', url: 'https://youtube.com/watch?v=1', ratio: '16:9', schema_markup: { name: 'Обзор', uploadDate: '2026-03-01T10:00:00+03:00', duration: 'PT2M30S', isFamilyFriendly: true } };
    expect(floorValueProblems('video', { video })).toEqual([]);
    expect(floorValueProblems('video', { video: { ...video, type: 'tiktok' } })).toEqual([expect.objectContaining({ path: ['video', 'type'], key: 'invalid_choice' })]);
    expect(floorValueProblems('video', { video: { ...video, schema_markup: { ...video.schema_markup, duration: '2 minutes' } } })).toEqual([
      expect.objectContaining({ path: ['video', 'schema_markup', 'duration'], key: 'video_duration' }),
    ]);
  });

  it('names value paths as people count', () => {
    expect(valuePathText(['cards', 2, 'title'])).toBe('cards.3.title');
    expect(floorValueProblems('slider', {})).toEqual([{ path: [], key: 'floor_component_not_found', params: { component: 'slider' } }]);
  });
});

describe('rich text without HTML', () => {
  it('parses headings, lists, quotes and paragraphs with bold, italic and safe links', () => {
    expect(parseRichText('## Сервис\n\n- **ТО** за 2 часа\n- [запись](/service)\n\n1. один\n2. два\n\n> цитата\n\nТекст *курсив* и _ещё_\nвторая строка [плохо](javascript:x)')).toEqual([
      { type: 'heading', level: 2, children: [{ text: 'Сервис' }] },
      { type: 'list', ordered: false, items: [[{ text: 'ТО', bold: true }, { text: ' за 2 часа' }], [{ text: 'запись', href: '/service' }]] },
      { type: 'list', ordered: true, items: [[{ text: 'один' }], [{ text: 'два' }]] },
      { type: 'quote', children: [{ text: 'цитата' }] },
      { type: 'paragraph', children: [{ text: 'Текст ' }, { text: 'курсив', italic: true }, { text: ' и ' }, { text: 'ещё', italic: true }, { text: '\nвторая строка ' }, { text: 'плохо' }] },
    ]);
  });

  it('ends a block where a line of another kind starts: a heading or a sentence directly followed by a list', () => {
    expect(parseRichText('## Условия\n- без комиссии\n- до 7 лет\nОформление за час\n# Итог')).toEqual([
      { type: 'heading', level: 2, children: [{ text: 'Условия' }] },
      { type: 'list', ordered: false, items: [[{ text: 'без комиссии' }], [{ text: 'до 7 лет' }]] },
      { type: 'paragraph', children: [{ text: 'Оформление за час' }] },
      { type: 'heading', level: 1, children: [{ text: 'Итог' }] },
    ]);
  });

  it('reads an image line as an image where a text takes images (news), and as text elsewhere (floors)', () => {
    const source = 'Новый салон\n![Фасад салона](/files/abc123.webp)\nЖдём вас';
    expect(parseRichText(source, { images: true })).toEqual([
      { type: 'paragraph', children: [{ text: 'Новый салон' }] },
      { type: 'image', src: '/files/abc123.webp', alt: 'Фасад салона' },
      { type: 'paragraph', children: [{ text: 'Ждём вас' }] },
    ]);
    expect(parseRichText(source).some((block) => block.type === 'image')).toBe(false);
    // An address that is not an image file's is never loaded.
    expect(parseRichText('![x](data:image/svg+xml;base64,PHN2Zz4=)', { images: true })).toEqual([{ type: 'paragraph', children: [{ text: 'x' }] }]);
    expect(richTextProblem('![x](javascript:alert)', { images: true })).toEqual({ key: 'rich_text_image', href: 'javascript:alert' });
    expect(richTextProblem('![x](http://plain.example/a.png)', { images: true })).toMatchObject({ key: 'rich_text_image' });
    expect(richTextProblem('![x](/files/a.png)\n![y](https://cdn.example/b.jpg)', { images: true })).toBeNull();
  });

  it('refuses tags, comments and links that could run', () => {
    expect(richTextProblem('<b>жирный</b>')).toEqual({ key: 'rich_text_html' });
    expect(richTextProblem('< script>')).toEqual({ key: 'rich_text_html' });
    expect(richTextProblem('<!-- x -->')).toEqual({ key: 'rich_text_html' });
    expect(richTextProblem('[x](javascript:alert(1))')).toMatchObject({ key: 'rich_text_link' });
    expect(richTextProblem('[x](//evil.example)')).toMatchObject({ key: 'rich_text_link' });
    expect(richTextProblem('3 < 5 и 7 > 2, [почта](mailto:a@b.ru), [звонок](tel:+7 (800) 555-35-35)')).toBeNull();
  });
});

describe('floor ids', () => {
  it('take Latin letters, digits and - _ : . after a Latin letter, at least 3 characters', () => {
    for (const good of ['hdr', 'Header-1', 'promo_spring:2026.v2']) expect(floorCode().safeParse(good).success, good).toBe(true);
    for (const bad of ['', 'ab', '1abc', '-abc', 'шапка', 'a b c', 'a/b/c']) expect(floorCode().safeParse(bad).success, bad).toBe(false);
    expect(floorCode().safeParse('').error!.issues).toHaveLength(1);
  });
});
