import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { setLang } from '../../app/session.ts';
import { ReportStatusTag } from './ImportReportsPage.tsx';

const renderTag = (report: { status: 'finished' | 'finished_with_error'; errored_count: number; error: string | null }) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <ReportStatusTag report={report} />
    </Providers>,
  );

describe('the outcome of a finished import', () => {
  it('says "finished with errors" with the count, in warning colours, when rows were refused', () => {
    setLang('ru');
    renderTag({ status: 'finished', errored_count: 3, error: null });
    const tag = screen.getByText('Завершён с ошибками: 3');
    expect(tag.className).toContain('ant-tag-warning');
    expect(screen.queryByText('Завершён')).toBeNull();
  });

  it('stays a green "finished" when every row was taken, and red when a file could not be read', () => {
    setLang('en');
    renderTag({ status: 'finished', errored_count: 0, error: null });
    expect(screen.getByText('Finished').className).toContain('ant-tag-success');
    renderTag({ status: 'finished_with_error', errored_count: 0, error: 'Feed unavailable' });
    expect(screen.getByText('Finished with error').className).toContain('ant-tag-error');
  });
});
