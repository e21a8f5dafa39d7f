import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tasks } from '@portal/shared/endpoints/tasks';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import ProcedureListRoute from './procedure-list.tsx';

describe('procedures', () => {
  it('groups the workflows by category as cards linking to their form', async () => {
    mockFetch({
      ...reply(
        tasks.workflows,
        {},
        {
          body: [
            { id: 3, name: '休暇申請', category: '勤怠', description: '休暇を申請します', kind: 'vacation' },
            { id: 4, name: '勤怠報告', category: '勤怠', description: '', kind: 'attendance' },
            { id: 9, name: '経費精算', category: '', description: '', kind: 'expense' },
          ],
        },
      ),
    });
    renderWithRouter(<ProcedureListRoute />, { path: '/task/workflows', routePath: '/task/workflows' });
    const attendance = await screen.findByRole('region', { name: '勤怠' });
    const cards = within(attendance).getAllByTestId('procedure-card');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/task/workflows/3/create',
      '/task/workflows/4/create',
    ]);
    expect(cards[0]).toHaveTextContent('休暇申請休暇を申請します');
    expect(within(screen.getByRole('region', { name: 'その他' })).getByText('経費精算')).toBeInTheDocument();
  });
});
