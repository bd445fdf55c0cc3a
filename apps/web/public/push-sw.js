/*
 * Push messages of Candeia's notifications (decision 027), imported into the service worker.
 * Each message carries its words, already in the member's language, and the app path it leads to.
 */

/** A path of this app, or the notifications page when the message names none. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Candeia';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // The same notice told twice replaces itself instead of showing twice.
      ...(typeof data.tag === 'string' && data.tag ? { tag: data.tag } : {}),
      data: { url: appPath(data.url), id: typeof data.id === 'string' ? data.id : null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already there is brought forward; one of the app elsewhere is taken to the link.
      const exact = windows.find((w) => w.url === target);
      if (exact) return exact.focus();
      const app = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (app) {
        const focused = await app.focus();
        if ('navigate' in focused) {
          const moved = await focused.navigate(target).catch(() => null);
          if (moved) return moved;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
