/**
 * Modes of what the store creates: vectors and answers are the application's data (often its users'
 * questions), readable by the service's own user alone whatever the process's umask allows.
 */

/** Files: owner read and write (0600). */
export const PRIVATE_FILE_MODE = 0o600;

/** Directories: owner only (0700). */
export const PRIVATE_DIR_MODE = 0o700;
