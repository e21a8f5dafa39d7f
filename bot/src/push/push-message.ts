// What one notification looks like on a device: the bell's title, a short body, and the portal page
// it opens. Pure, so the exact message FCM is given is tested without FCM.
import type { Message } from 'firebase-admin/messaging';
import type { TPushNotifyPayload } from '@portal/shared/contracts/bot-jobs';

export function pushMessage(notification: TPushNotifyPayload, token: string, portalUrl: string): Message {
  const message: Message = {
    token,
    notification: notification.body
      ? { title: notification.title, body: notification.body }
      : { title: notification.title },
    // The web app's service worker routes a click itself when it has no link (dev over http).
    data: { forward: notification.forward },
  };
  // FCM accepts only https links (firebase-admin refuses the whole message otherwise).
  if (portalUrl.startsWith('https://')) {
    message.webpush = { fcmOptions: { link: `${portalUrl}${notification.forward}` } };
  }
  return message;
}
