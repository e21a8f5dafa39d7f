import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { TManualContents } from '@portal/shared/contracts/manual';
import { PATHS } from '@/config/paths.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';

/** The chapters and their pages; the open page is marked `aria-current`. */
function ContentsList({ contents, onPick }: { contents: TManualContents; onPick?: () => void }) {
  return (
    <ol className="manual-contents__chapters">
      {contents.chapters.map((chapter) => (
        <li key={chapter.title}>
          <span className="manual-contents__chapter">{chapter.title}</span>
          <ol className="manual-contents__pages">
            {chapter.pages.map((page) => (
              <li key={page.id}>
                <NavLink to={PATHS.manualPage(page.id)} onClick={onPick}>
                  {page.title}
                </NavLink>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/**
 * The manual's 目次: beside the page from 768 px; on a phone folded behind a 目次 button
 * (a disclosure, `aria-expanded`) that closes again when a page is picked.
 */
export function ManualContents({ contents }: { contents: TManualContents }) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!mobile)
    return (
      <nav className="manual-contents" aria-label="目次">
        <h3 className="manual-contents__heading">目次</h3>
        <ContentsList contents={contents} />
      </nav>
    );
  return (
    <nav className="manual-contents manual-contents--folded" aria-label="目次">
      <button
        type="button"
        className="manual-contents__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        目次
      </button>
      <div id={listId} hidden={!open}>
        <ContentsList contents={contents} onPick={() => setOpen(false)} />
      </div>
    </nav>
  );
}
