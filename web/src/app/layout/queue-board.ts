// The staff-only queue dashboard (@bull-board in the API, docs/bot.md "Queue dashboard"). It is a
// page of the server whose requests carry no Authorization header: its door (`queues.session`)
// first sets the access token as a cookie for the board's path, then the board opens in a new tab.
import { queues } from '@portal/shared/endpoints/queues';
import { api } from '@/lib/api-client.ts';
import { toastError } from '@/lib/notify.ts';

export async function openQueueBoard(): Promise<void> {
  // Opened now, inside the click: a window opened after an await is blocked as a pop-up.
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { url } = await api.call(queues.session, {});
    if (tab && !tab.closed) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    toastError(error);
  }
}
