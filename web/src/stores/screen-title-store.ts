import { create } from 'zustand';

interface ScreenTitleState {
  /** A screen's own title where its route's is only the section's (the console's 設定); null otherwise. */
  own: string | null;
  setOwn: (own: string | null) => void;
}

export const useScreenTitleStore = create<ScreenTitleState>()((set) => ({
  own: null,
  setOwn: (own) => set({ own }),
}));
