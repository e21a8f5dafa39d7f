import { SlipList } from '../components/slip-list.tsx';

export const EMPTY_WITHHOLDING = 'この年の源泉徴収票はありません。';

/** /withholding: my withholding slips by year. */
export default function WithholdingRoute() {
  return <SlipList kind="withholding" headingId="withholding-heading" empty={EMPTY_WITHHOLDING} />;
}
