import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-modal.tsx';

// The dialog (Semi's Modal) is not part of a screen's first load: it is fetched at the user's first
// touch, click or focus on a screen that may ask, so it is there by the time they are asked.
const loadModal = () => import('./confirm-modal.tsx');
const ConfirmModal = lazy(() => loadModal().then((module) => ({ default: module.ConfirmModal })));
const PRELOAD_ON = ['pointerdown', 'focusin', 'keydown'] as const;

export type { ConfirmDialogProps };

/** Asks before an action (spec §8.4); stays mounted once shown, so it can animate closed. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.visible);
  if (props.visible && !wanted) setWanted(true);

  useEffect(() => {
    if (wanted) return undefined;
    const preload = () => void loadModal();
    for (const type of PRELOAD_ON) document.addEventListener(type, preload, { once: true, passive: true });
    return () => {
      for (const type of PRELOAD_ON) document.removeEventListener(type, preload);
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
