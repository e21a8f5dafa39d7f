// The demo company's calendar: one SVG with the twelve months of a year, Sundays red, Saturdays
// blue. Generated rather than shipped so it always shows the year the demo was created in.
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];
const CELL_W = 38;
const CELL_H = 26;
const MONTH_W = CELL_W * 7;
const MONTH_H = 40 + CELL_H * 7;
const GAP = 24;
const MARGIN = 30;
const HEADER = 60;

function colorOf(weekday: number): string {
  if (weekday === 0) return '#d03050';
  if (weekday === 6) return '#2080f0';
  return '#333333';
}

function month(year: number, monthIndex: number, x: number, y: number): string {
  const first = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const parts = [
    `<rect x="${x}" y="${y}" width="${MONTH_W}" height="${MONTH_H}" fill="#ffffff" stroke="#dddddd"/>`,
    `<text x="${x + MONTH_W / 2}" y="${y + 26}" font-size="18" text-anchor="middle" fill="#333333">${monthIndex + 1}月</text>`,
  ];
  WEEKDAYS.forEach((label, i) => {
    parts.push(
      `<text x="${x + i * CELL_W + CELL_W / 2}" y="${y + 40 + CELL_H - 8}" font-size="13" text-anchor="middle" fill="${colorOf(i)}">${label}</text>`,
    );
  });
  for (let day = 1; day <= days; day++) {
    const slot = first + day - 1;
    const col = slot % 7;
    const row = Math.floor(slot / 7) + 1;
    parts.push(
      `<text x="${x + col * CELL_W + CELL_W / 2}" y="${y + 40 + (row + 1) * CELL_H - 8}" font-size="14" text-anchor="middle" fill="${colorOf(col)}">${day}</text>`,
    );
  }
  return parts.join('');
}

export function calendarSvg(year: number, companyName: string): string {
  const width = MARGIN * 2 + MONTH_W * 3 + GAP * 2;
  const height = HEADER + MARGIN + (MONTH_H + GAP) * 4;
  const months = Array.from({ length: 12 }, (_, i) =>
    month(year, i, MARGIN + (i % 3) * (MONTH_W + GAP), HEADER + Math.floor(i / 3) * (MONTH_H + GAP)),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif">`,
    `<rect width="100%" height="100%" fill="#f7f8fa"/>`,
    `<text x="${width / 2}" y="40" font-size="24" text-anchor="middle" fill="#333333">${companyName} ${year}年 会社カレンダー</text>`,
    ...months,
    '</svg>',
  ].join('\n');
}
