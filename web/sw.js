// The service worker of the Cherries pages (docs/web.md, "Your turn, told"): shows a "your turn"
// Web Push as a notification, one per table (a reminder replaces the turn's first), and opens
// that table when it is clicked. Served from the root (/sw.js) so that its scope is every page.
self.addEventListener('push', (event) => {
    let data = {};
    try { data = event.data ? event.data.json() : {}; } catch { data = {}; }
    const url = typeof data.url === 'string' && data.url.startsWith('/t/') ? data.url : '/mine';
    event.waitUntil(self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Cherries', {
        body: typeof data.body === 'string' ? data.body : '',
        tag: `table-${String(data.table || '')}`,
        renotify: true,
        data: { url },
    }));
});

self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data && event.notification.data.url) || '/mine';
    event.waitUntil(self.clients.matchAll({ type: 'window' }).then((open) => {
        for (const c of open) if (new URL(c.url).pathname === url && 'focus' in c) return c.focus();
        return self.clients.openWindow(url);
    }));
});
