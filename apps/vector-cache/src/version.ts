/** The release of the vector answer cache, written into every snapshot it saves. */
export const VECTOR_CACHE_VERSION = '0.1.0';
