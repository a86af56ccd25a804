/** Email addresses: a plausible local part, a domain of valid labels and an alphabetic top-level domain. */
import { regexDetector } from './detector.js';

/** Asset names like `logo@2x.png` have the shape of an address; these "top-level domains" are file types. */
const FILE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'bmp', 'ico', 'pdf', 'js', 'ts', 'css']);

export const emailDetector = regexDetector({
  id: 'email',
  kind: 'email',
  pattern:
    /(?<![\w.%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-]|\.[A-Za-z0-9])/g,
  accept: (value) => {
    const [local = '', domain = ''] = value.split('@');
    if (local.includes('..')) return false;
    const tld = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase();
    return !FILE_EXTENSIONS.has(tld);
  },
});
