import { usePageTitle } from '@/hooks/use-page-title.ts';

/** The body of a screen a later issue builds: correct title, and a note that it is on its way. */
export function ComingSoon() {
  const title = usePageTitle();
  return (
    <section className="page coming-soon">
      <h2 className="page__heading">{title}</h2>
      <p className="coming-soon__note">準備中です</p>
      <p className="coming-soon__hint">この画面は現在準備しています。しばらくお待ちください。</p>
    </section>
  );
}
