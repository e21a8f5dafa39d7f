// The demo company's manual (issue 30): a short, real guide to the portal's own screens, with the
// approval flow as a picture and a one-page PDF to print, so /manual, its search and its attachments
// show something true on first start.
import type { Db } from '../db/client.ts';
import { manualAttachments, manualPages } from '../db/schema/manual.ts';

const FLOW_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="120" viewBox="0 0 640 120" font-family="sans-serif" font-size="16">
<rect width="640" height="120" fill="#ffffff"/>
${['申請', '課長承認', '部長承認', '完了']
  .map(
    (label, i) =>
      `<rect x="${20 + i * 160}" y="35" width="120" height="50" rx="8" fill="${i === 3 ? '#e8f5e9' : '#e3f2fd'}" stroke="#1f5fa8"/>` +
      `<text x="${80 + i * 160}" y="66" text-anchor="middle" fill="#1a1a1a">${label}</text>` +
      (i < 3
        ? `<path d="M${142 + i * 160} 60 h34" stroke="#1f5fa8" stroke-width="2"/><path d="M${176 + i * 160} 54 l8 6 l-8 6 z" fill="#1f5fa8"/>`
        : ''),
  )
  .join('\n')}
<text x="320" y="110" text-anchor="middle" font-size="13" fill="#5a2e00">差戻しは申請者へ、却下はその場で終了</text>
</svg>`;

/** A one-page PDF (Helvetica, so ASCII only) with the portal's screens to print beside the desk. */
function quickReferencePdf(): Buffer {
  const lines = [
    'Staff portal - quick reference',
    '',
    'Attendance report: Procedures > Attendance report > choose the month > Submit',
    'Leave request: Procedures > Leave request > type, dates, half day > Submit',
    'Approvals: Awaiting my approval > open > Approve / Send back / Reject',
    'Proxy approver: user menu > Proxy approval > Add',
    'Payslips: user menu > Payslips > open the month',
    'Help: contact the HR team (soumu@example.com)',
  ];
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 28} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface DemoPage {
  readonly chapter: string;
  readonly chapterOrder: number;
  readonly pageOrder: number;
  readonly title: string;
  readonly body: string;
  readonly attachments?: readonly { name: string; contentType: string; data: () => Buffer }[];
}

export const DEMO_MANUAL: readonly DemoPage[] = [
  {
    chapter: '勤怠と休暇',
    chapterOrder: 1,
    pageOrder: 1,
    title: '勤怠報告の出し方',
    body: `毎月の勤怠は、月末から翌月 3 営業日までに **勤怠報告** として申請します。

## 入力する

1. サイドバーの **手続き** を開き、「勤怠」の **勤怠報告** を選びます。
2. 年と月を選ぶと、その月の入力画面が開きます。タブは次の 3 つです。
   - **社内勤怠**：社内で働いた日の開始・終了時刻と休憩
   - **現場勤怠**：お客様先（現場）で働いた日の時刻と現場区分
   - **合併勤怠**：両方を合わせた月の合計（確認用）
3. **デフォルト勤怠入力** を使うと、平日に決まった時刻をまとめて入れられます。休暇を取った日は休暇履歴から自動で入ります。

## 保存と申請

- 途中で手を止めるときは **一時保存** を押します。下書きとして残り、あとで続きから入力できます。
- 月の入力が終わったら **申請** を押します。申請後は **申請中** の一覧に表示されます。
- 時刻が正しくないと、その日と項目名がエラーとして表示されます（例：「終了時刻は開始時刻より後にしてください。」）。

## 承認されたあと

承認されると **完了済み** に移ります。承認後に誤りが見つかったときは、人事に修正を依頼してください。差し戻された場合は「承認と差戻し」を読んでください。

PDF が必要なときは、勤怠報告の画面から月の勤怠を PDF で出力できます。`,
  },
  {
    chapter: '勤怠と休暇',
    chapterOrder: 1,
    pageOrder: 2,
    title: '休暇申請と有給休暇',
    body: `休暇は **手続き** → **休暇申請** から申請します。承認されると **休暇履歴** に登録され、勤怠にも反映されます。

## 申請のしかた

| 項目 | 入れる内容 |
| --- | --- |
| 休暇種別 | 有給・特別休暇など |
| 開始日・終了日 | 休む期間（1 日だけなら同じ日） |
| 午後から / 午前まで | 半休のときに選びます |
| 理由 | 任意（500 文字まで） |
| 添付資料 | 診断書や案内状など（任意、2MB まで） |

## 有給休暇（年次有給休暇）

- 残り日数と次に失効する日は **自分の記録** → **休暇履歴** で確認できます。
- 年 10 日以上付与される人は、付与日から 1 年以内に **5 日以上** 取得する義務があります。休暇履歴に取得済みの日数が表示されます。
- 有給は古い付与分から先に使われます。付与から 2 年で失効します。
- 半休は 0.5 日として数えます。

## よくある質問

- **申請を取り消したい**：承認前なら **申請中** から申請の取消ができます。承認後は人事に連絡してください。
- **残日数が足りない**：申請時にエラーになります。特別休暇など別の種別を選ぶか、人事に相談してください。`,
  },
  {
    chapter: '申請と承認',
    chapterOrder: 2,
    pageOrder: 1,
    title: '承認と差戻し',
    body: `申請は、ワークフローに決められた順に承認者が確認します。多くの手続きは **課長承認** → **部長承認** の順です。

![承認の流れ：申請、課長承認、部長承認、完了](approval-flow.svg)

## 承認する人

1. サイドバーの **申請・承認** → **承認待ち** を開きます（件数がバッジで表示されます）。
2. 申請を開き、内容と添付を確認します。
3. 次のどれかを選びます。
   - **承認する**：次の承認者へ進みます。最後の承認者なら完了です。
   - **差戻し**：申請者に戻します。直してほしい点をコメントに書いてください。
   - **却下する**：申請をその場で終わらせます。申請者は同じ申請を出し直せません。

承認した申請は **承認済み** で確認できます。

## 差し戻された人

- ベルの通知と Lark のメッセージでお知らせします。
- **申請中** から申請を開き、コメントを読んで内容を直し、**再申請** を押します。承認は最初の承認者からやり直しになります。`,
  },
  {
    chapter: '申請と承認',
    chapterOrder: 2,
    pageOrder: 2,
    title: '承認代理',
    body: `出張や休暇で承認できない期間は、**承認代理** を設定すると、代わりの人があなたの承認待ちを承認できます。

## 設定のしかた

1. 右上のユーザーメニューから **承認代理** を開きます。
2. **承認代理の追加** を押し、代理承認者と期間（開始日・終了日）を入れて保存します。
3. 期間中にあなたに届いた承認待ちは、代理承認者の **承認待ち** にも表示されます。Lark には「○○ さんの代理承認者としてお送りしています。」と添えて届きます。

## 注意

- 代理承認者が承認すると、申請の流れ図には承認者の名前に「（代理）」が付いて残ります。
- 期間が終わると自動で元に戻ります。早めに戻すときは **承認代理の詳細** から削除してください。
- 自分自身を代理承認者にはできません。同じ期間に二人は設定できません。`,
  },
  {
    chapter: '給与',
    chapterOrder: 3,
    pageOrder: 1,
    title: '給与明細の見方',
    body: `給与明細と源泉徴収票は、ユーザーメニューの **自分の記録** にあります。

## 給与明細を開く

1. **給与明細** を開くと、支給月の一覧が表示されます。
2. 月を選ぶと **給与明細の詳細** が開き、明細を確認・保存できます。
3. 初めて開くときは、電子交付への同意を確認する画面が表示されます。

## 明細の読み方

- **支給**：基本給、残業手当、通勤手当など
- **控除**：健康保険、厚生年金、雇用保険、所得税、住民税
- **差引支給額**：支給の合計から控除の合計を引いた、振り込まれる金額
- **勤怠**：出勤日数、有給取得日数、残業時間（勤怠報告の内容から計算されます）

振込先の口座は **銀行口座** で確認できます。年末には **源泉徴収票** が同じ場所に届きます。

画面の操作を一枚にまとめた印刷用の資料を添付しています：[クイックリファレンス（PDF）](quick-reference.pdf)`,
    attachments: [{ name: 'quick-reference.pdf', contentType: 'application/pdf', data: quickReferencePdf }],
  },
  {
    chapter: 'Lark',
    chapterOrder: 4,
    pageOrder: 1,
    title: 'Lark での使い方',
    body: `社員ポータルは Lark のアプリからも使えます。Lark の中で開くと、ログインは不要です。

## 通知を受け取る

- 承認待ちが届くと、Lark のボットが **承認カード** を送ります。カードから **承認** / **差戻し** / **却下** を選べます。差戻しと却下にはコメントを添えられます。
- 申請が承認・差戻し・却下されたときも、結果を Lark でお知らせします。
- 勤怠報告の締め切りが近づくと、リマインドが届きます。

## ポータルを開く

- Lark のワークプレースから **社員ポータル** を開きます。スマートフォンでも同じ画面が使えます。
- 画面の幅が狭いときは、左上の ☰ からメニューを開きます。

## うまくいかないとき

- カードのボタンが反応しないときは、ポータルの **承認待ち** から操作してください。
- Lark と社員ポータルのアカウントが結び付いていない場合は、人事に連絡してください。`,
  },
];

/** Writes the demo manual, edited by `editorId` at `now`. */
export async function seedDemoManual(tx: Db, now: Date, editorId: number): Promise<void> {
  for (const page of DEMO_MANUAL) {
    const [row] = await tx
      .insert(manualPages)
      .values({
        chapter: page.chapter,
        chapterOrder: page.chapterOrder,
        pageOrder: page.pageOrder,
        title: page.title,
        body: page.body,
        updatedAt: now,
        updatedBy: editorId,
      })
      .returning({ id: manualPages.id });
    const attachments = [...(page.attachments ?? [])];
    if (page.title === '承認と差戻し')
      attachments.push({
        name: 'approval-flow.svg',
        contentType: 'image/svg+xml',
        data: () => Buffer.from(FLOW_SVG),
      });
    if (attachments.length > 0)
      await tx.insert(manualAttachments).values(
        attachments.map((a, i) => ({
          pageId: row!.id,
          n: i + 1,
          name: a.name,
          contentType: a.contentType,
          data: a.data(),
        })),
      );
  }
}
