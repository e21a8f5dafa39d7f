// The sign-in form's labels, importable without zod (see ../http.ts). contracts/auth.ts re-exports them.
export const USERNAME_LABEL = 'ユーザー名';
export const PASSWORD_LABEL = 'パスワード';
