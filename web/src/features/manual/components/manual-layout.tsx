import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { useManualContents } from '../api/get-contents.ts';
import { ManualContents } from './manual-contents.tsx';
import { ManualSearchBox } from './manual-search.tsx';
import './manual.css';

/** The manual's frame: the search box, the 目次 and the page or results beside it. */
export function ManualLayout({ children }: { children: ReactNode }) {
  const contents = useManualContents();
  return (
    <div className="manual">
      <ManualSearchBox />
      <div className="manual__body">
        <div className="manual__contents">
          <QueryState query={contents}>{(data) => <ManualContents contents={data} />}</QueryState>
        </div>
        <div className="manual__main">{children}</div>
      </div>
    </div>
  );
}
