import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TFormSchemaField, TWorkflowFormSchema } from '@portal/shared/contracts/tasks';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '@portal/shared/limits';
import { CONFIRM, FIELD_MSG, MSG } from '@portal/shared/messages';
import { tasks } from '@portal/shared/endpoints/tasks';
import { mockFetch, reply, type RecordedRequest } from '@/testing/fetch-mock.ts';
import { task, taskFormField } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import TaskCreateRoute, { SUBMITTED } from './task-create.tsx';

function field(
  overrides: Partial<TFormSchemaField> & Pick<TFormSchemaField, 'name' | 'label'>,
): TFormSchemaField {
  return {
    data_type: 'string',
    order: 1,
    required: false,
    read_only: false,
    help_text: '',
    choices: [],
    max_length: null,
    step: null,
    default: null,
    multiple: false,
    data_source: null,
    field_for_init: null,
    ...overrides,
  };
}

const FIELDS: TFormSchemaField[] = [
  field({ name: 'title', label: '件名', required: true, max_length: 20, help_text: '20 文字以内' }),
  field({ name: 'days', label: '日数', data_type: 'integer', order: 2 }),
  field({ name: 'hours', label: '時間', data_type: 'decimal', order: 2 }),
  field({ name: 'start_time', label: '開始時刻', data_type: 'time', order: 3 }),
  field({ name: 'day', label: '日付', data_type: 'date', order: 3 }),
  field({
    name: 'category',
    label: '区分',
    data_type: 'choice',
    order: 4,
    choices: [
      { value: '01', text: '有給休暇' },
      { value: '02', text: '特別休暇' },
    ],
  }),
  field({ name: 'half', label: '半休', data_type: 'boolean', order: 5 }),
  field({ name: 'agreed', label: '同意', data_type: 'boolean', order: 5, required: true }),
  field({ name: 'note', label: '備考', data_type: 'text', order: 6 }),
  field({ name: 'doc', label: '証明書', data_type: 'file', order: 7, required: true }),
];

const schema: TWorkflowFormSchema = { workflow: 3, name: '休暇申請', kind: 'general', fields: FIELDS };

function mockCreate(
  post: (r: RecordedRequest) => { status?: number; body?: unknown } = () => ({
    status: 201,
    body: { id: 77 },
  }),
) {
  return mockFetch({
    ...reply(tasks.workflowForm, { id: 3 }, { body: schema }),
    ...reply(tasks.submit, { id: 3 }, post),
  });
}

function renderCreate() {
  return renderWithRouter(<TaskCreateRoute />, {
    path: '/task/workflows/3/create',
    routePath: '/task/workflows/:id/create',
    routes: [{ path: '/task/tasks/unresolved/:id', element: <p>detail page</p> }],
  });
}

const fieldBox = (name: string) => document.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
const errorOf = (name: string) => within(fieldBox(name)).queryByRole('alert')?.textContent ?? null;

function pngFile(size: number, name = 'scan.png') {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/件名/), '夏季休暇');
  await user.click(within(fieldBox('agreed')).getByText('はい'));
  await user.upload(fieldBox('doc').querySelector('input[type=file]')!, pngFile(3, 'scan.png'));
  await waitFor(() => expect(within(fieldBox('doc')).getByTestId('file-name')).toHaveTextContent('scan.png'));
}

describe('request form', () => {
  it('renders every field, marks required ones with （*） and puts the same order on one row', async () => {
    mockCreate();
    renderCreate();
    await screen.findByRole('heading', { name: /休暇申請/ });
    expect(document.querySelectorAll('[data-field]')).toHaveLength(FIELDS.length);
    const marked = screen
      .getAllByTestId('required-mark')
      .map((mark) => mark.closest('[data-field]')!.getAttribute('data-field'));
    expect(marked).toEqual(['title', 'agreed', 'doc']);
    expect(screen.getAllByTestId('required-mark')[0]).toHaveTextContent('（*）');
    const rows = screen
      .getAllByTestId('form-row')
      .map((row) => [...row.querySelectorAll('[data-field]')].map((box) => box.getAttribute('data-field')));
    expect(rows).toEqual([
      ['title'],
      ['days', 'hours'],
      ['start_time', 'day'],
      ['category'],
      ['half', 'agreed'],
      ['note'],
      ['doc'],
    ]);
    expect(screen.getByText('20 文字以内')).toBeInTheDocument();
    expect(screen.getByLabelText(/時間/)).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText(/開始時刻/)).toHaveAttribute('step', '900');
    expect(screen.getByLabelText(/件名/)).toHaveAttribute('maxlength', '20');
    expect(within(fieldBox('half')).getByText('未選択')).toBeInTheDocument();
    expect(within(fieldBox('agreed')).queryByText('未選択')).toBeNull();
    expect(within(fieldBox('category')).getByText('======')).toBeInTheDocument();
  });

  it('checks each type with the shared validator before asking anything', async () => {
    const { requests } = mockCreate();
    const user = userEvent.setup();
    renderCreate();
    await screen.findByRole('heading', { name: /休暇申請/ });
    await user.type(screen.getByLabelText(/日数/), '1.5');
    await user.type(screen.getByLabelText(/時間/), '0.15');
    fireEvent.change(screen.getByLabelText(/開始時刻/), { target: { value: '09:10' } });
    await user.click(screen.getByRole('button', { name: '申請' }));

    await waitFor(() => expect(errorOf('title')).toBe(MSG.requiredField.replace('%s', '件名')));
    expect(errorOf('days')).toBe(FIELD_MSG.integer('日数'));
    expect(errorOf('hours')).toBe(FIELD_MSG.decimalStep('時間', 0.1));
    expect(errorOf('start_time')).toBe(FIELD_MSG.timeStep('開始時刻', 15));
    expect(errorOf('agreed')).toBe(FIELD_MSG.required('同意'));
    expect(errorOf('doc')).toBe(MSG.fileRequired);
    expect(errorOf('half')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a file over 2 MB', async () => {
    mockCreate();
    const user = userEvent.setup();
    renderCreate();
    await screen.findByRole('heading', { name: /休暇申請/ });
    await user.upload(fieldBox('doc').querySelector('input[type=file]')!, pngFile(MAX_UPLOAD_BYTES + 1));
    expect(errorOf('doc')).toBe(FIELD_MSG.fileTooLarge('証明書', MAX_UPLOAD_KB));
    expect(within(fieldBox('doc')).getByTestId('file-name')).toHaveTextContent('選択されていません');
  });

  it('refuses a file over 2 MB picked after a failed submit, and says so (issue 12, item 14)', async () => {
    const { requests } = mockCreate();
    const user = userEvent.setup();
    renderCreate();
    await screen.findByRole('heading', { name: /休暇申請/ });
    await user.click(screen.getByRole('button', { name: '申請' }));
    await waitFor(() => expect(errorOf('doc')).toBe(MSG.fileRequired));
    await user.upload(fieldBox('doc').querySelector('input[type=file]')!, pngFile(MAX_UPLOAD_BYTES + 1));
    await waitFor(() => expect(errorOf('doc')).toBe(FIELD_MSG.fileTooLarge('証明書', MAX_UPLOAD_KB)));
    // Still said after the form's own checks ran again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorOf('doc')).toBe(FIELD_MSG.fileTooLarge('証明書', MAX_UPLOAD_KB));
    await user.upload(fieldBox('doc').querySelector('input[type=file]')!, pngFile(10));
    await waitFor(() => expect(errorOf('doc')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('asks before sending, sends the typed values and opens the new task', async () => {
    const { requests } = mockCreate();
    const user = userEvent.setup();
    const { router } = renderCreate();
    await screen.findByRole('heading', { name: /休暇申請/ });
    await fillValid(user);
    await user.type(screen.getByLabelText(/日数/), '2');
    await user.click(screen.getByRole('button', { name: '申請' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.createTask);
    await user.click(within(dialog).getByRole('button', { name: '申請' }));

    expect(await screen.findByText(`成功：${SUBMITTED}`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/unresolved/77'));
    const body = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: '夏季休暇', days: 2, agreed: true, half: null, note: null });
    expect(String(body.doc)).toMatch(/^name:c2Nhbi5wbmc=;/);
  });

  it('shows the server’s field errors under their fields and keeps what was typed', async () => {
    mockCreate(() => ({ status: 400, body: { title: ['件名 は既に使われています。'] } }));
    const user = userEvent.setup();
    renderCreate();
    await screen.findByRole('heading', { name: /休暇申請/ });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '申請' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '申請' }));

    await waitFor(() => expect(errorOf('title')).toBe('件名 は既に使われています。'));
    expect(screen.getByLabelText(/件名/)).toHaveValue('夏季休暇');
    expect(within(fieldBox('doc')).getByTestId('file-name')).toHaveTextContent('scan.png');
  });
});

describe('resubmitting a sent-back task', () => {
  it('starts from the task’s values, keeps its stored file and posts to resubmit', async () => {
    const { requests } = mockFetch({
      ...reply(tasks.workflowForm, { id: 3 }, { body: schema }),
      ...reply(
        tasks.form,
        { id: 50 },
        {
          body: [
            taskFormField({ name: 'title', value: '前回の件名', attachment: null, attachment_name: null }),
            taskFormField({ name: 'agreed', value: true, attachment: null, attachment_name: null }),
            taskFormField({ name: 'doc', value: null, attachment: 8, attachment_name: 'old.pdf' }),
          ],
        },
      ),
      ...reply(tasks.resubmit, { id: 50 }, { body: task({ id: 50 }) }),
    });
    const user = userEvent.setup();
    const { router } = renderWithRouter(<TaskCreateRoute />, {
      path: '/task/workflows/3/create?resubmit=50',
      routePath: '/task/workflows/:id/create',
      routes: [{ path: '/task/tasks/unresolved/:id', element: <p>detail page</p> }],
    });
    expect(await screen.findByLabelText(/件名/)).toHaveValue('前回の件名');
    expect(within(fieldBox('doc')).getByTestId('file-name')).toHaveTextContent('old.pdf');
    await user.click(screen.getByRole('button', { name: '再申請' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '再申請' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/unresolved/50'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/task/tasks/50/resubmit/');
    expect(post.body).toMatchObject({ title: '前回の件名', agreed: true, doc: null });
  });
});
