-- The bot offers an account's address to look its Lark user up by only when no other account has
-- it (modules/bot/lark-users.ts). Every approval card and the month's reminders count that per
-- address: without this index each count read the whole users table (50,000 rows at issue 38's size).
CREATE INDEX "users_email_key_idx" ON "users" USING btree (lower(trim("email")));
