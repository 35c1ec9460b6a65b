// fr.js -- message table (i18n.js); missing keys fall back to English.

export default {
};
