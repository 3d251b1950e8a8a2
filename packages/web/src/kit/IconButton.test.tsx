import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InboxOutlined } from '@ant-design/icons';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang } from '../app/session.ts';
import { IconButton } from './IconButton.tsx';

describe('an icon button', () => {
  it('is named for screen readers and in a tooltip', async () => {
    setLang('ru');
    const user = userEvent.setup();
    render(
      <Providers queryClient={createQueryClient()}>
        <IconButton icon={<InboxOutlined aria-hidden />} aria-label="Архивировать: Обратный звонок" title="Архивировать" />
      </Providers>,
    );
    const button = screen.getByRole('button', { name: 'Архивировать: Обратный звонок' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Архивировать');
  });

  it('with a confirmation, acts only once the user agrees, after saying what will stop', async () => {
    setLang('ru');
    const user = userEvent.setup();
    const archive = vi.fn(() => Promise.resolve());
    render(
      <Providers queryClient={createQueryClient()}>
        <IconButton
          icon={<InboxOutlined aria-hidden />}
          aria-label="Архивировать"
          confirm={{ title: 'Архивировать настройку?', description: 'Письма и прокси-действия остановятся.', okText: 'В архив' }}
          onConfirm={archive}
        />
      </Providers>,
    );
    const trigger = screen.getByRole('button', { name: 'Архивировать' });
    await user.click(trigger);
    expect(await screen.findByText('Письма и прокси-действия остановятся.')).toBeTruthy();
    expect(archive).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(archive).not.toHaveBeenCalled();

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(1));
  });
});

/** The source of the web, to find every button that shows an icon alone. */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** The JSX elements `<tag ...>` of a file, attributes and all, with where they start. */
function elements(text: string, tag: string): { at: number; source: string }[] {
  const found: { at: number; source: string }[] = [];
  for (const match of text.matchAll(new RegExp(`<${tag}(?=[\\s/>])`, 'g'))) {
    let depth = 0;
    for (let i = match.index + match[0].length; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) {
        found.push({ at: match.index, source: text.slice(match.index, i + 1) });
        break;
      }
    }
  }
  return found;
}


describe('every icon-only button of the web', () => {
  it('has a name (aria-label) and shows it in a tooltip (IconButton, or a Tooltip around it)', () => {
    const problems: string[] = [];
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file);
      const text = fs.readFileSync(file, 'utf8');
      for (const tag of ['Button', 'IconButton']) {
        for (const { at, source } of elements(text, tag)) {
          // A button with children shows its text; only self-closing ones show an icon alone.
          if (!source.endsWith('/>') || !source.includes('icon=')) continue;
          const line = text.slice(0, at).split('\n').length;
          if (!/aria-label=/.test(source)) problems.push(`${relative}:${line} has no aria-label`);
          if (tag === 'IconButton') continue;
          const before = text.slice(Math.max(0, at - 400), at);
          // A tooltip inside a confirmation covers the question's buttons once clicked; IconButton's gives way.
          if (before.lastIndexOf('<Popconfirm') > before.lastIndexOf('</Popconfirm>')) problems.push(`${relative}:${line} is asked about under a tooltip: use IconButton`);
          // A search box's button is named by the box it searches.
          if (/enterButton=\{$/.test(before)) continue;
          if (before.lastIndexOf('<Tooltip') <= before.lastIndexOf('</Tooltip>')) problems.push(`${relative}:${line} has no tooltip: use IconButton`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
