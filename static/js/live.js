// live.js -- follow a game through its event stream (GET …/games/{gid}/stream,
// text/event-stream, `state` events), read with fetch() so the key travels in the
// Authorization header and never in a URL (proxies log URLs). It reconnects as
// EventSource would, sending Last-Event-ID, unless the server refuses the key (new links
// were made): then onGone(status) and no more. The pause before a reconnection grows
// from 0.5 s to 2 s and no further, so a table sees a restarted server within 2 s (a
// failed attempt costs the server one refused connection); the browser's `online`
// event and the page becoming visible reconnect at once.

const RETRY_FIRST = 500; // ms before the first reconnection
const RETRY_MAX = 2000; // ms between reconnections at most

/**
 * Split a text/event-stream into events: onEvent({type, data, id}) for each one ended
 * by a blank line. Returns a function taking the next chunk of text.
 */
function eventParser(onEvent) {
  let buf = '';
  let data = [];
  let type = '';
  let id = null;
  const line = (l) => {
    if (l === '') {
      if (data.length) onEvent({ type: type || 'message', data: data.join('\n'), id });
      data = [];
      type = '';
      return;
    }
    if (l[0] === ':') return; // a comment: the server's keep-alive
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id') id = value;
  };
  return (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.search(/\r\n|\r|\n/)) >= 0) {
      const nl = buf[i] === '\r' && buf[i + 1] === '\n' ? 2 : 1;
      line(buf.slice(0, i));
      buf = buf.slice(i + nl);
    }
  };
}

/**
 * Follow the stream of source ({url, key}); onState(state) for every `state` event,
 * onStatus('live'|'connecting'|'offline'), onGone(status) once when the server refuses
 * the key or no longer has the game. Returns a function that stops following.
 */
export function follow(source, onState, onStatus = () => {}, onGone = () => {}) {
  const { url, key } = source;
  let stopped = false;
  let ctl = null;
  let retry = null;
  let delay = RETRY_FIRST;
  let lastId = null;

  const handle = (ev) => {
    if (ev.id !== null) lastId = ev.id;
    if (ev.type !== 'state' && ev.type !== 'message') return;
    let doc;
    try { doc = JSON.parse(ev.data); } catch { return; }
    const state = doc && doc.state && typeof doc.state === 'object' ? doc.state : doc;
    if (state && typeof state === 'object') onState(state, doc);
  };

  const again = () => {
    if (stopped || retry) return;
    onStatus('offline');
    retry = setTimeout(open, delay);
    delay = Math.min(delay * 2, RETRY_MAX);
  };

  async function open() {
    retry = null;
    if (stopped) return;
    onStatus('connecting');
    ctl = new AbortController();
    const headers = { Accept: 'text/event-stream' };
    if (key) headers.Authorization = `Bearer ${key}`;
    if (lastId !== null) headers['Last-Event-ID'] = lastId;
    try {
      const res = await fetch(url, { headers, signal: ctl.signal, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
      if (res.status === 401 || res.status === 404) {
        stopped = true;
        onStatus('offline');
        onGone(res.status);
        return;
      }
      if (!res.ok || !res.body) { again(); return; }
      delay = RETRY_FIRST;
      onStatus('live');
      const feed = eventParser(handle);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed(value);
      }
    } catch { /* unreachable, or stopped */ }
    again();
  }

  const now = () => {
    if (!retry) return;
    clearTimeout(retry);
    open();
  };
  const onVisible = () => { if (document.visibilityState === 'visible') now(); };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', now);
  open();

  return () => {
    stopped = true;
    clearTimeout(retry);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', now);
    if (ctl) ctl.abort();
  };
}
