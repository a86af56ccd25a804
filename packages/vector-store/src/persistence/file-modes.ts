/**
 * Modes of what the store creates: vectors and answers are the application's data (often its users'
 * questions), readable by the service's own user alone whatever the process's umask allows.
 */

/**
 * Files: owner read and write (0600).
 * @example
 * await writeFile(join(dir, 'license.json'), text, { mode: PRIVATE_FILE_MODE });
 */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Directories: owner only (0700).
 * @example
 * await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
 */
export const PRIVATE_DIR_MODE = 0o700;
