// store.js -- the campaigns this browser knows, kept in localStorage.
// Each entry: {id, name, edition, key, writeKey?, viewKey?, readOnly, lastGame?, seen}.

const STORE_KEY = 'stampbook.campaigns.v1';

function readAll() {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((c) => c && c.id !== undefined && c.key) : [];
  } catch {
    return [];
  }
}

function writeAll(list) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(list));
  } catch {
    /* private mode or full storage: the session still works */
  }
}

/** Known campaigns, most recently used first. */
export function listCampaigns() {
  return readAll().sort((a, b) => (b.seen || 0) - (a.seen || 0));
}

/** The entry for campaign cid, or null. */
export function getCampaign(cid) {
  return readAll().find((c) => String(c.id) === String(cid)) || null;
}

/** Insert or merge an entry (by id); returns the stored entry. */
export function saveCampaign(entry) {
  const list = readAll();
  const i = list.findIndex((c) => String(c.id) === String(entry.id));
  const merged = { ...(i >= 0 ? list[i] : {}), ...entry, id: Number(entry.id), seen: Date.now() };
  if (i >= 0) list[i] = merged; else list.push(merged);
  writeAll(list);
  return merged;
}

/** Update some fields of a known campaign (no-op when unknown). */
export function touchCampaign(cid, fields = {}) {
  const c = getCampaign(cid);
  if (c) saveCampaign({ ...c, ...fields });
}

/** Forget a campaign on this browser (the campaign itself stays on the server). */
export function forgetCampaign(cid) {
  writeAll(readAll().filter((c) => String(c.id) !== String(cid)));
}
