// live.js -- follow a game through its event stream (GET …/games/{gid}/stream,
// text/event-stream, `state` events). EventSource cannot send an Authorization
// header, so the URL carries ?key=. A closed stream is reopened after a pause.

/**
 * Follow url; onState(state) for every `state` event, onStatus('live'|'connecting'|'offline').
 * Returns a function that stops following.
 */
export function follow(url, onState, onStatus = () => {}) {
  let es = null;
  let stopped = false;
  let retry = null;
  let delay = 1000;

  const handle = (ev) => {
    let doc;
    try { doc = JSON.parse(ev.data); } catch { return; }
    const state = doc && doc.state && typeof doc.state === 'object' ? doc.state : doc;
    if (state && typeof state === 'object') onState(state, doc);
  };

  const open = () => {
    retry = null;
    if (stopped) return;
    if (typeof EventSource !== 'function') { onStatus('offline'); return; }
    onStatus('connecting');
    es = new EventSource(url);
    es.addEventListener('open', () => { delay = 1000; onStatus('live'); });
    es.addEventListener('state', handle);
    es.addEventListener('message', handle);
    es.addEventListener('error', () => {
      if (stopped) return;
      if (es.readyState === EventSource.CLOSED) {
        onStatus('offline');
        es.close();
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, 15000);
      } else {
        onStatus('connecting');
      }
    });
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible' && es && es.readyState === EventSource.CLOSED && !retry) open();
  };
  document.addEventListener('visibilitychange', onVisible);
  open();

  return () => {
    stopped = true;
    clearTimeout(retry);
    document.removeEventListener('visibilitychange', onVisible);
    if (es) es.close();
  };
}
