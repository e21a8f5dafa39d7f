import { findFolded } from '@portal/shared/kana';

/**
 * `text` with each occurrence of `query` in <mark>, matched as the search matches (width and kana
 * folded), so 'ﾏﾆｭｱﾙ' marks マニュアル as written.
 */
export function Highlight({ text, query }: { text: string; query: string }) {
  const ranges = findFolded(text, query);
  if (ranges.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
