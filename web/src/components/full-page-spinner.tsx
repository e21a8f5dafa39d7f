/** A CSS-only spinner: it shows while the first chunks load, so it must not need Semi's Spin. */
export function FullPageSpinner({ tip }: { tip?: string }) {
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={tip ? 'spinner__tip' : 'visually-hidden'}>{tip ?? '読み込み中'}</span>
    </div>
  );
}
