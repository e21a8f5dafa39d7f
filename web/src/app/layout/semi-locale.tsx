import type { ReactNode } from 'react';
import LocaleProvider from '@douyinfe/semi-ui/lib/es/locale/localeProvider';
import ja_JP from '@douyinfe/semi-ui/lib/es/locale/source/ja_JP';

/**
 * Semi UI in Japanese. It wraps the signed-in shell rather than the whole app: the locale data
 * (with date-fns) would add 9 KB to the sign-in page, whose components have no localized text.
 */
export function SemiLocale({ children }: { children: ReactNode }) {
  return <LocaleProvider locale={ja_JP}>{children}</LocaleProvider>;
}
