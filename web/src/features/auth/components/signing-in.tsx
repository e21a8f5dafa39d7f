export const SIGNING_IN_TEXT = 'ログイン中...';

export function SigningIn() {
  return (
    <div className="signing-in" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{SIGNING_IN_TEXT}</p>
    </div>
  );
}
