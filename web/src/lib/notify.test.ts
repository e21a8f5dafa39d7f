import Toast from '@douyinfe/semi-ui/lib/es/toast';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { toastError, toastSuccess } from './notify.ts';

describe('toasts', () => {
  it('titles a success 成功：', () => {
    const success = vi.spyOn(Toast, 'success').mockReturnValue('1');
    toastSuccess('保存しました。');
    expect(success).toHaveBeenCalledWith({ content: '成功：保存しました。' });
  });

  it('titles each error message エラー：', () => {
    const error = vi.spyOn(Toast, 'error').mockReturnValue('1');
    toastError(new ApiError(400, { a: ['一つ目'], b: ['二つ目'] }));
    expect(error.mock.calls.map(([options]) => options)).toEqual([
      { content: 'エラー：一つ目' },
      { content: 'エラー：二つ目' },
    ]);
  });
});
