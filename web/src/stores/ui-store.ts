import { create } from 'zustand';

export type NotificationTab = 'unread' | 'read';

interface UiState {
  navDrawerOpen: boolean;
  notificationPanelOpen: boolean;
  notificationTab: NotificationTab;
  setNavDrawerOpen: (open: boolean) => void;
  setNotificationPanelOpen: (open: boolean) => void;
  setNotificationTab: (tab: NotificationTab) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  navDrawerOpen: false,
  notificationPanelOpen: false,
  notificationTab: 'unread',
  setNavDrawerOpen: (navDrawerOpen) => set({ navDrawerOpen }),
  setNotificationPanelOpen: (notificationPanelOpen) => set({ notificationPanelOpen }),
  setNotificationTab: (notificationTab) => set({ notificationTab }),
}));
