// Who the organisation chart shows, written once for `employees/` and `organizations/`' member_count:
// an active account whose 入社日 is not after today (Asia/Tokyo), in organisations not closed.
import { sql } from 'drizzle-orm';

/** `e` = employees, `u` = users: the person is listed. */
export const LISTED_PERSON = sql`u.is_active
  and (e.join_date is null or e.join_date <= (now() at time zone 'Asia/Tokyo')::date)`;
