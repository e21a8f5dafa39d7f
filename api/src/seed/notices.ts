// Two demo notices (issue 30): a pinned one for the whole company with a file, and a 重要 one for
// 開発部 whose audience was already told (notified_at set), so the job sends nothing at start.
import type { Db } from '../db/client.ts';
import { noticeAttachments, noticeOrganizations, notices } from '../db/schema/notices.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const SCHEDULE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120">
<rect width="320" height="120" fill="#f4f6fb"/>
<text x="20" y="50" font-size="20" fill="#1f2a44">12/29（月）〜 1/4（日）休業</text>
<text x="20" y="85" font-size="16" fill="#1f2a44">1/5（月）から通常営業</text>
</svg>`;

export async function seedDemoNotices(tx: Db, now: Date, devOrganizationId: number): Promise<void> {
  const [holidays] = await tx
    .insert(notices)
    .values({
      title: '年末年始の休業について',
      body: [
        '年末年始は次のとおり休業します。',
        '',
        '- 休業期間: 12月29日（月）〜 1月4日（日）',
        '- 勤怠報告は 12月26日（金）までに提出してください。',
        '',
        '詳しくは添付の予定表をご覧ください。',
      ].join('\n'),
      pinned: true,
      publishStart: new Date(now.getTime() - 3 * DAY_MS),
    })
    .returning({ id: notices.id });
  await tx.insert(noticeAttachments).values({
    noticeId: holidays!.id,
    n: 1,
    name: '年末年始の予定.svg',
    contentType: 'image/svg+xml',
    content: Buffer.from(SCHEDULE_SVG, 'utf8'),
  });
  const [release] = await tx
    .insert(notices)
    .values({
      title: 'リリース作業に伴う開発環境の停止',
      body: '今週金曜 20:00〜22:00 は開発環境を停止します。作業中の変更は事前にプッシュしてください。',
      importance: 'important',
      publishStart: new Date(now.getTime() - DAY_MS),
      notifiedAt: new Date(now.getTime() - DAY_MS),
    })
    .returning({ id: notices.id });
  await tx.insert(noticeOrganizations).values({ noticeId: release!.id, organizationId: devOrganizationId });
}
