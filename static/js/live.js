// live.js -- follow a game through its event stream (GET …/games/{gid}/stream,
// text/event-stream, `state` events). EventSource cannot send an Authorization
// header, so the URL carries ?key=. A closed stream is reopened after a pause, unless
// the server refuses its key (new links were made): then onGone(status) and no more.

/** The status the server answers url with now (0: unreachable), without reading a stream. */
async function probe(url) {
  const ctl = new AbortController();
  try {
    const res = await fetch(url, { signal: ctl.signal, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
    return res.status;
  } catch {
    return 0;
  } finally {
    ctl.abort();
  }
}

/**
 * Follow url; onState(state) for every `state` event, onStatus('live'|'connecting'|'offline'),
 * onGone(status) once when the server refuses the stream's key or no longer has it.
 * Returns a function that stops following.
 */
export function follow(url, onState, onStatus = () => {}, onGone = () => {}) {
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
        probe(url).then((status) => {
          if (stopped || (status !== 401 && status !== 404)) return;
          stopped = true;
          clearTimeout(retry);
          onGone(status);
        });
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
