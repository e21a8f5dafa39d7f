import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TAssetTypeOption } from '@portal/shared/contracts/assets';
import type { TTask, TTaskFormField } from '@portal/shared/contracts/tasks';
import { ASSET_MSG } from '@portal/shared/workflow/assets';
import { AssetLendForm, type AssetSend } from './asset-lend-form.tsx';
import { AssetRequestRows } from './asset-request-view.tsx';

const TYPES: TAssetTypeOption[] = [
  {
    id: 1,
    name: 'ノートPC',
    validity_period: 24,
    inventory: true,
    hardware_information: 'Core i7 / メモリ 16GB',
    software_list: [
      { software_id: 3, software_name: 'Microsoft 365', software_validity_period: 12 },
      { software_id: 4, software_name: 'Adobe Acrobat Pro', software_validity_period: 12 },
      { software_id: 5, software_name: 'ウイルス対策ソフト', software_validity_period: 0 },
    ],
  },
  {
    id: 2,
    name: 'モニター',
    validity_period: 0,
    inventory: true,
    hardware_information: '27 インチ',
    software_list: [],
  },
  {
    id: 3,
    name: '携帯電話',
    validity_period: 12,
    inventory: false,
    hardware_information: 'iPhone',
    software_list: [],
  },
];

function renderForm() {
  const onSend = vi.fn<AssetSend>(() => Promise.resolve());
  render(<AssetLendForm types={TYPES} onSend={onSend} />);
  return onSend;
}

const typeSelect = () => screen.getByRole('combobox', { name: /資材種別/ });

describe('the 資材貸出申請 form', () => {
  it('offers the types under the ====== placeholder with the （*） mark', () => {
    renderForm();
    const select = typeSelect();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['======', 'ノートPC', 'モニター', '携帯電話']);
    expect(document.getElementById(select.id + '-label')).toHaveTextContent('資材種別（*）');
  });

  it('says 資材種別 は必須項目です。 when none is chosen', async () => {
    const onSend = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /理由/ }), '業務');
    await userEvent.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByText('資材種別 は必須項目です。')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the hardware, the months and the checklist with month labels; a type change resets the software', async () => {
    renderForm();
    await userEvent.selectOptions(typeSelect(), 'ノートPC');
    expect(screen.getByTestId('hardware-information')).toHaveTextContent('Core i7 / メモリ 16GB');
    expect(screen.getByTestId('validity-period')).toHaveTextContent('24 か月');
    expect(screen.getByRole('status')).toHaveTextContent('在庫があります。');
    expect(screen.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ウイルス対策ソフト' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' }));
    await userEvent.selectOptions(typeSelect(), 'モニター');
    expect(screen.getByTestId('validity-period')).toHaveTextContent('期限なし');
    await userEvent.selectOptions(typeSelect(), 'ノートPC');
    expect(screen.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' })).not.toBeChecked();
  });

  it('asks before sending the type, its months and the checked software', async () => {
    const onSend = renderForm();
    await userEvent.selectOptions(typeSelect(), 'ノートPC');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'ウイルス対策ソフト' }));
    await userEvent.type(screen.getByRole('textbox', { name: /理由/ }), '新規参画');
    await userEvent.click(screen.getByRole('button', { name: '申請' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('申請します、よろしいですか？');
    await userEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect(onSend).toHaveBeenCalledWith({
      purchase: false,
      values: {
        assets_type: 1,
        expiration_date: 24,
        software: 'Microsoft 365,ウイルス対策ソフト',
        software_id: '3,5',
        reason: '新規参画',
      },
    });
  });

  it('reports no stock and sends a 資材購入申請 instead', async () => {
    const onSend = renderForm();
    await userEvent.selectOptions(typeSelect(), '携帯電話');
    expect(screen.getByRole('status')).toHaveTextContent(ASSET_MSG.noStock);
    await userEvent.type(screen.getByRole('textbox', { name: /理由/ }), '在庫なし');
    await userEvent.click(screen.getByRole('button', { name: '申請' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ purchase: true }));
  });
});

describe('the read-only view of an asset request', () => {
  const field = (name: string, label: string, value: TTaskFormField['value']) =>
    ({ name, label, value, data_type: 'string' }) as TTaskFormField;
  it('hides software_id, expiration_date and asset_id and appends the months to the type', () => {
    render(
      <AssetRequestRows
        task={{ employee_name: '山田 太郎', org_name: null, org_full_name: null } as TTask}
        fields={[
          field('assets_type', '資材種別', 1),
          field('expiration_date', '有効期間（か月）', 24),
          field('software', 'ソフトウェア', 'Microsoft 365'),
          field('software_id', 'ソフトウェアID', '3'),
          field('asset_id', '管理番号', 'PC-003'),
          field('reason', '理由', '業務'),
        ]}
        types={TYPES}
      />,
    );
    expect(screen.getByTestId('field-assets_type')).toHaveTextContent('ノートPC（24 か月）');
    expect(screen.queryByTestId('field-software_id')).toBeNull();
    expect(screen.queryByTestId('field-expiration_date')).toBeNull();
    expect(screen.queryByTestId('field-asset_id')).toBeNull();
    expect(screen.getByTestId('field-software')).toHaveTextContent('Microsoft 365');
  });
});
